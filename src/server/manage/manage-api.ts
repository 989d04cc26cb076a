// The management API (`/api/manage/v1`): REST and JSON for builders who provision Portico from their
// own backend. Built on Hono with @hono/zod-openapi, so the zod schemas that validate each request are
// the ones its OpenAPI 3.1 document is generated from (openapi.json, served without a token). Each
// resource family registers its operations from routes/<family>.ts.
import { OpenAPIHono } from "@hono/zod-openapi";
import type { App } from "../app-services.ts";
import { idempotentCreates } from "./idempotency.ts";
import { authenticateCaller, projectInCallersOrganization } from "./manage-auth.ts";
import type { ManageApi, ManageEnv } from "./manage-env.ts";
import { answerError, errorResponse, validationErrorResponse } from "./manage-errors.ts";
import { SECURITY_SCHEME } from "./operation.ts";
import { registerAgentRoutes } from "./routes/agents.ts";
import { registerApiKeyRoutes } from "./routes/api-keys.ts";
import { registerCallRoutes } from "./routes/calls.ts";
import { registerConnectionRoutes } from "./routes/connections.ts";
import { registerExternalUserRoutes } from "./routes/external-users.ts";
import { registerMemberRoutes } from "./routes/members.ts";
import { registerOrganizationRoutes } from "./routes/organization.ts";
import { registerPolicyRoutes } from "./routes/policies.ts";
import { registerProjectRoutes } from "./routes/projects.ts";
import { registerServerRoutes } from "./routes/servers.ts";
import { registerWebhookRoutes } from "./routes/webhooks.ts";

export const MANAGE_PREFIX = "/api/manage/v1";
export const OPENAPI_PATH = "/openapi.json";
export const API_VERSION = "1.0.0";

export type { ManageApi };

export function createManageApi(app: App): ManageApi {
  const api = new OpenAPIHono<ManageEnv>({
    defaultHook: (result) => {
      if (!result.success) return validationErrorResponse(result.error, result.target);
    },
  }).basePath(MANAGE_PREFIX) as unknown as ManageApi;
  api.onError(answerError);
  api.notFound((c) => errorResponse("NOT_FOUND", `No management operation ${c.req.method} ${c.req.path}.`));

  api.openAPIRegistry.registerComponent("securitySchemes", SECURITY_SCHEME, {
    type: "http",
    scheme: "bearer",
    description: "An organization's management token (pmt_…), created by an owner or admin.",
  });
  api.get(OPENAPI_PATH, (c) => c.json(openApiDocument(api, app.config.baseUrl)));

  api.use("*", authenticateCaller(app));
  api.use("*", idempotentCreates(app));
  api.use("/projects/:projectId", projectInCallersOrganization(app));
  api.use("/projects/:projectId/*", projectInCallersOrganization(app));

  for (const register of [
    registerOrganizationRoutes,
    registerProjectRoutes,
    registerMemberRoutes,
    registerApiKeyRoutes,
    registerServerRoutes,
    registerConnectionRoutes,
    registerPolicyRoutes,
    registerAgentRoutes,
    registerCallRoutes,
    registerExternalUserRoutes,
    registerWebhookRoutes,
  ]) {
    register(api, app);
  }
  return api;
}

export function openApiDocument(api: ManageApi, baseUrl: string) {
  return api.getOpenAPI31Document({
    openapi: "3.1.0",
    info: {
      title: "Portico management API",
      version: API_VERSION,
      description:
        "Provision organizations' projects, keys, servers, connections, policies, agents and external users from your own backend. Every answer is JSON; refusals share one shape (`Error`).",
    },
    servers: [{ url: baseUrl }],
  });
}
