// The organization's shared connections to providers: list, start connecting (OAuth: the answer is
// the provider's authorization page, for a person to open), disconnect. External users' own
// connections are made through their connect links instead.
import { z } from "zod";
import { integrationIdSchema } from "../../../lib/integrations/schemas.ts";
import { idField } from "../../../lib/validation.ts";
import type { App } from "../../app-services.ts";
import {
  disconnect,
  getOrganizationConnections,
} from "../../integrations/connections/organization-connections.ts";
import { startOAuthConnection } from "../../integrations/oauth/start-oauth.ts";
import { connectionChanged } from "../../servers/connection-changes.ts";
import { registerListRoute } from "../list-route.ts";
import type { ManageApi } from "../manage-env.ts";
import { familyOperations, json, jsonBody } from "../operation.ts";
import { wireFields } from "../wire.ts";

const connectionSchema = z
  .object({
    id: z.string(),
    provider: z.string(),
    providerName: z.string(),
    /** A name the organization gave it; null for the default one. */
    label: z.string().nullable(),
    /** The provider account it reaches (an e-mail, a site), when known. */
    accountLabel: z.string().nullable(),
    /** pending, active, error, inactive. */
    status: z.string(),
    statusReason: z.string().nullable(),
    connectedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "Connection" });

const startBody = z
  .object({
    integrationId: integrationIdSchema,
    /** Another shared connection beside the default one (a second account). */
    addAnother: z.boolean().optional(),
  })
  .meta({ id: "ConnectionStart" });

const connectionOperation = familyOperations("connections", "Connections");

export function registerConnectionRoutes(api: ManageApi, app: App) {
  registerListRoute(api, connectionOperation, {
    path: "/connections",
    operationId: "listConnections",
    summary: "List the organization's shared connections",
    page: { item: connectionSchema, id: "ConnectionPage", noun: "connections" },
    load: (caller) => getOrganizationConnections(app, caller.createdByUserId, caller.organizationId),
    toItem: (row) => wireFields(connectionSchema, row),
  });

  api.openapi(
    connectionOperation("write", {
      method: "post",
      path: "/connections",
      operationId: "startConnection",
      summary: "Start connecting a provider with OAuth",
      description:
        "Answers the provider's authorization page: a person of the organization opens it and consents; the connection is pending until then.",
      request: { body: jsonBody(startBody) },
      responses: {
        201: json(
          z.object({ authorizeUrl: z.string() }).meta({ id: "ConnectionStarted" }),
          "Where to consent.",
        ),
      },
    }),
    async (c) => {
      const { caller } = c.var;
      const started = await startOAuthConnection(app, caller.createdByUserId, {
        organizationId: caller.organizationId,
        ...c.req.valid("json"),
      });
      return c.json(started, 201);
    },
  );

  api.openapi(
    connectionOperation("write", {
      method: "delete",
      path: "/connections/{connectionId}",
      operationId: "disconnect",
      summary: "Disconnect, revoking access at the provider where it can be",
      request: { params: z.object({ connectionId: idField }) },
      responses: {
        200: json(
          z.object({ revoked: z.boolean() }).meta({ id: "Disconnected" }),
          "Whether the provider revoked it.",
        ),
      },
    }),
    async (c) => {
      const { caller } = c.var;
      const result = await disconnect(app, caller.createdByUserId, {
        organizationId: caller.organizationId,
        connectionId: c.req.valid("param").connectionId,
      });
      await connectionChanged(app, caller.organizationId, result.provider);
      return c.json({ revoked: result.revoked }, 200);
    },
  );
}
