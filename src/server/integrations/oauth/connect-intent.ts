// What an OAuth authorization is for, decided when it starts and carried in its single-use state:
//   default   the organization's default shared connection to the provider (made or replaced)
//   another   one more shared connection (a second HubSpot portal, a sandbox Salesforce)
//   reconnect a named shared connection again
//   personal  the person's own connection (any member; one per provider per person)
//   external  an external user's own connection, started from a connect link's page (external-users/)
// Shared ones need integrations.manage; a personal one only membership.
import { AppError } from "../../../lib/errors.ts";
import type { IntegrationId, ProviderId } from "../../../lib/integrations/types.ts";
import { organizationRoleAllows } from "../../../lib/permissions.ts";
import type { Database } from "../../db/client.ts";
import type { ConnectIntent } from "../../db/schema/integration-connections.ts";
import { findOrganizationRole, requireOrganizationAction } from "../../organizations/access.ts";
import {
  type ConnectionChoice,
  findChosenConnection,
  SHARED_CONNECTION,
} from "../connections/connection-choice.ts";
import { type ConnectionRow, findConnectionById } from "../connections/connection-store.ts";

export interface ConnectRequest {
  organizationId: string;
  integrationId: IntegrationId;
  personal?: boolean;
  addAnother?: boolean;
  connectionId?: string;
  /** A Portico page to come back to after connecting (the connect prompt's link). */
  returnTo?: string;
}

export interface ResolvedIntent {
  intent: ConnectIntent;
  connectionId: string | null;
  returnTo: string | null;
  /** Intent "external": whose connection it makes. */
  externalUserId?: string | null;
}

/** The intent of a request, checked against the caller's role and the named connection. */
export async function resolveConnectIntent(
  db: Database,
  userId: string,
  provider: ProviderId,
  request: ConnectRequest,
): Promise<ResolvedIntent> {
  const returnTo = request.returnTo ?? null;
  if (request.personal) {
    await requireOrganizationAction(db, userId, request.organizationId, "integrations.view");
    return { intent: "personal", connectionId: null, returnTo };
  }
  await requireOrganizationAction(db, userId, request.organizationId, "integrations.manage");
  if (request.connectionId) {
    const row = await findConnectionById(db, request.connectionId);
    if (
      !row ||
      row.organizationId !== request.organizationId ||
      row.ownerUserId !== null ||
      row.provider !== provider
    ) {
      throw new AppError("NOT_FOUND", "Connection not found");
    }
    return { intent: "reconnect", connectionId: row.id, returnTo };
  }
  return { intent: request.addAnother ? "another" : "default", connectionId: null, returnTo };
}

/**
 * The connection an authorization makes again, if it exists: the person's own, the named shared one, or
 * the organization's default shared one; none for "another" (a new connection).
 */
export function findIntendedConnection(
  db: Database,
  state: {
    intent: ConnectIntent;
    connectionId: string | null;
    organizationId: string;
    provider: ProviderId;
    userId: string | null;
    externalUserId?: string | null;
  },
): Promise<ConnectionRow | undefined> {
  const choice: ConnectionChoice | null =
    state.intent === "personal" && state.userId
      ? { kind: "personal", ownerUserId: state.userId }
      : state.intent === "external" && state.externalUserId
        ? { kind: "external", externalUserId: state.externalUserId }
        : state.intent === "reconnect" && state.connectionId
          ? { kind: "named", connectionId: state.connectionId }
          : state.intent === "default"
            ? SHARED_CONNECTION
            : null;
  return choice
    ? findChosenConnection(db, state.organizationId, state.provider, choice)
    : Promise.resolve(undefined);
}

/** Whether the person who started may still finish (roles change while the state lives). */
export async function mayStillConnect(
  db: Database,
  organizationId: string,
  userId: string,
  intent: ConnectIntent,
): Promise<boolean> {
  const role = await findOrganizationRole(db, organizationId, userId);
  if (!role) return false;
  return intent === "personal" || organizationRoleAllows(role, "integrations.manage");
}
