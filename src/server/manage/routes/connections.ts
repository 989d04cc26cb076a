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
import type { ManageApi } from "../manage-env.ts";
import { familyOperations, json, jsonBody } from "../operation.ts";
import { pageOf, pageQuerySchema, pageSchema } from "../paging.ts";

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

const iso = (date: Date | null) => date?.toISOString() ?? null;

const connectionOperation = familyOperations("connections", "Connections");

export function registerConnectionRoutes(api: ManageApi, app: App) {
  api.openapi(
    connectionOperation("read", {
      method: "get",
      path: "/connections",
      operationId: "listConnections",
      summary: "List the organization's shared connections",
      request: { query: pageQuerySchema },
      responses: {
        200: json(pageSchema(connectionSchema, "ConnectionPage"), "A page of connections, by id."),
      },
    }),
    async (c) => {
      const { caller } = c.var;
      const rows = await getOrganizationConnections(app, caller.createdByUserId, caller.organizationId);
      const page = pageOf(rows, (row) => row.id, c.req.valid("query"));
      return c.json(
        {
          ...page,
          items: page.items.map((row) => ({
            id: row.id,
            provider: row.provider,
            providerName: row.providerName,
            label: row.label,
            accountLabel: row.accountLabel,
            status: row.status,
            statusReason: row.statusReason,
            connectedAt: iso(row.connectedAt),
          })),
        },
        200,
      );
    },
  );

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
