// Which of an organization's connections to a provider a call or a listing uses. A project server names
// one shared connection, or takes the organization's first shared one (servers made before several
// connections existed), or uses each caller's own (personal mode; an external user's own for a "pxu_"
// token). Shared choices never reach a member's or an external user's connection. Resolved with one
// indexed read on every call, so a reconnect, disconnect or a member's departure takes effect at once on
// every replica.
import { and, asc, eq, isNotNull, isNull, type SQL } from "drizzle-orm";
import type { ProviderId } from "../../../lib/integrations/types.ts";
import type { Database } from "../../db/client.ts";
import { integrationConnection } from "../../db/schema/index.ts";

type ConnectionRow = typeof integrationConnection.$inferSelect;

export type ConnectionChoice =
  /** One shared connection, by id (a server that names it). */
  | { kind: "named"; connectionId: string }
  /** The organization's first shared connection to the provider. */
  | { kind: "shared" }
  /** The personal connection of this person; `purpose` (the tool's name) is named when there is none. */
  | { kind: "personal"; ownerUserId: string; purpose?: string }
  /** The own connection of one of the project's external users (a "pxu_" token's calls). */
  | { kind: "external"; externalUserId: string; purpose?: string }
  /**
   * Any member's working personal connection: only to list a remote MCP server's tools for a server in
   * personal mode, whose tool list is the project's, not one caller's.
   */
  | { kind: "any-personal" };

export const SHARED_CONNECTION: ConnectionChoice = { kind: "shared" };

/** A shared connection's conditions, to spread into an `and`: neither a member's nor an external user's. */
export const sharedOnly = [
  isNull(integrationConnection.ownerUserId),
  isNull(integrationConnection.externalUserId),
];

export async function findChosenConnection(
  db: Database,
  organizationId: string,
  provider: ProviderId,
  choice: ConnectionChoice,
): Promise<ConnectionRow | undefined> {
  const ofProvider = and(
    eq(integrationConnection.organizationId, organizationId),
    eq(integrationConnection.provider, provider),
  );
  const connections = (where: SQL | undefined) => db.select().from(integrationConnection).where(where);
  /** The oldest of several: the first connected is the default. */
  const oldest = (where: SQL | undefined) =>
    connections(where).orderBy(asc(integrationConnection.createdAt), asc(integrationConnection.id)).limit(1);
  switch (choice.kind) {
    case "named": {
      const [row] = await connections(
        and(ofProvider, eq(integrationConnection.id, choice.connectionId), ...sharedOnly),
      );
      return row;
    }
    case "shared": {
      const [row] = await oldest(and(ofProvider, ...sharedOnly));
      return row;
    }
    case "personal": {
      const [row] = await connections(
        and(ofProvider, eq(integrationConnection.ownerUserId, choice.ownerUserId)),
      );
      return row;
    }
    case "external": {
      const [row] = await connections(
        and(ofProvider, eq(integrationConnection.externalUserId, choice.externalUserId)),
      );
      return row;
    }
    case "any-personal": {
      const [row] = await oldest(
        and(
          ofProvider,
          isNotNull(integrationConnection.ownerUserId),
          eq(integrationConnection.status, "active"),
        ),
      );
      return row;
    }
  }
}
