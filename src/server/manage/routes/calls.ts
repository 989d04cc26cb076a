// A project's call log: the same filters and paging as its page, and one call in full.
import { z } from "zod";
import { callLogFilters } from "../../../lib/call-log-filters.ts";
import { idField } from "../../../lib/validation.ts";
import type { App } from "../../app-services.ts";
import { getProjectCall, listProjectCalls } from "../../usage/call-log.ts";
import type { ManageApi } from "../manage-env.ts";
import { familyOperations, json } from "../operation.ts";
import { projectPath } from "./projects.ts";

const callSchema = z
  .object({
    id: z.string(),
    createdAt: z.iso.datetime(),
    toolName: z.string(),
    serverName: z.string().nullable(),
    /** mcp, rest, playground, agent, … */
    channel: z.string(),
    /** The key, OAuth client or agent that called. */
    callerName: z.string().nullable(),
    /** The person the call is attributed to, while a member. */
    personId: z.string().nullable(),
    connectionId: z.string().nullable(),
    status: z.enum(["success", "error"]),
    durationMs: z.number(),
    errorMessage: z.string().nullable(),
  })
  .meta({ id: "Call" });

const callPageSchema = z
  .object({ items: z.array(callSchema), nextCursor: z.string().nullable() })
  .meta({ id: "CallPage" });

const callQuery = callLogFilters.extend({
  cursor: z.string().max(512).optional().meta({ description: "`nextCursor` of the previous page." }),
});

type CallRow = Awaited<ReturnType<typeof listProjectCalls>>["items"][number];

const callOut = (row: CallRow): z.infer<typeof callSchema> => ({
  id: row.id,
  createdAt: row.createdAt.toISOString(),
  toolName: row.toolName,
  serverName: row.serverName,
  channel: row.channel,
  callerName: row.callerName,
  personId: row.personId,
  connectionId: row.connectionId,
  status: row.status,
  durationMs: row.durationMs,
  errorMessage: row.errorMessage,
});

const callLogOperation = familyOperations("calls", "Call log");

export function registerCallRoutes(api: ManageApi, app: App) {
  api.openapi(
    callLogOperation("read", {
      method: "get",
      path: "/projects/{projectId}/calls",
      operationId: "listCalls",
      summary: "A project's tool calls, newest first",
      description:
        "Filters as on the call log page: tool, server, status, caller, person, connection, from, to.",
      request: { params: projectPath, query: callQuery },
      responses: { 200: json(callPageSchema, "A page of calls.") },
    }),
    async (c) => {
      const { cursor, ...filters } = c.req.valid("query");
      const page = await listProjectCalls(
        app,
        c.var.caller.createdByUserId,
        c.req.valid("param").projectId,
        filters,
        cursor,
      );
      return c.json({ items: page.items.map(callOut), nextCursor: page.nextCursor }, 200);
    },
  );

  api.openapi(
    callLogOperation("read", {
      method: "get",
      path: "/projects/{projectId}/calls/{callId}",
      operationId: "getCall",
      summary: "One call with its arguments (secrets redacted)",
      request: {
        params: projectPath.extend({ callId: idField }),
        query: z.object({
          createdAt: z.iso
            .datetime({ offset: true })
            .meta({ description: "The call's createdAt, as listed." }),
        }),
      },
      responses: {
        200: json(z.record(z.string(), z.unknown()).meta({ id: "CallDetail" }), "The call in full."),
      },
    }),
    async (c) => {
      const { projectId, callId } = c.req.valid("param");
      const call = await getProjectCall(app, c.var.caller.createdByUserId, {
        projectId,
        callId,
        createdAt: new Date(c.req.valid("query").createdAt),
      });
      return c.json(JSON.parse(JSON.stringify(call)) as Record<string, unknown>, 200);
    },
  );
}
