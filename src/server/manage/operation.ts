// One management operation's description: its route (zod schemas for path, query, body and answers,
// which both validate the request and become the OpenAPI document), the scope it needs, and the
// refusals every operation can give. Handlers are registered with `api.openapi(operation, handler)`.
import { createRoute, type RouteConfig } from "@hono/zod-openapi";
import type { ManagementFamily } from "../manage-tokens/index.ts";
import { idempotencyKeyHeader } from "./idempotency.ts";
import { requireScope } from "./manage-auth.ts";
import { commonErrorResponses } from "./manage-errors.ts";

export const SECURITY_SCHEME = "managementToken";

export function operation<const R extends Omit<RouteConfig, "security" | "middleware">>(
  scope: { family: ManagementFamily; access: "read" | "write" },
  config: R,
) {
  const needs = `${scope.family}:${scope.access}`;
  return createRoute({
    ...config,
    description:
      `${config.description ?? config.summary ?? ""}\n\nScope: \`${needs}\` (or \`${scope.access}\`).`.trim(),
    security: [{ [SECURITY_SCHEME]: [] }],
    // Every create takes an idempotency key (idempotency.ts).
    ...(config.method === "post" ? { parameters: [idempotencyKeyHeader] } : {}),
    middleware: [requireScope(scope.family, scope.access)] as const,
    responses: { ...commonErrorResponses, ...config.responses },
  });
}

/** A JSON answer's description, for `responses`. */
export const json = <S>(schema: S, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

/** A JSON request body, required. */
export const jsonBody = <S>(schema: S) => ({
  required: true,
  content: { "application/json": { schema } },
});

/**
 * One family's operations under one tag: `webhooks("write", { method, path, … })` says only what is the
 * route's own, where each route would otherwise repeat its family and tag.
 */
export function familyOperations(family: ManagementFamily, tag: string) {
  return <const R extends Omit<RouteConfig, "security" | "middleware" | "tags">>(
    access: "read" | "write",
    config: R,
  ) => {
    // The tag where the routes wrote it, after the operation's id, so the document reads as before.
    const { operationId, ...rest } = config;
    return operation({ family, access }, { operationId, tags: [tag], ...rest });
  };
}
