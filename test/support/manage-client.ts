// The management API in process, as a builder's backend calls it: JSON requests with a management
// token, answered by the same handler the server mounts at /api/manage/v1.
import type { App } from "~/server/app-services.ts";
import { handleManageRequest, MANAGE_PREFIX } from "~/server/manage/handle-manage.ts";
import { createManagementToken } from "~/server/manage-tokens/index.ts";

export interface ManageAnswer {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers of every operation's shape loosely
  body: any;
}

export async function manageRequest(
  app: App,
  token: string | null,
  method: string,
  path: string,
  /** `peer`: the connection's address, as srvx gives it to the server (`request.ip`). */
  options: { body?: unknown; headers?: Record<string, string>; peer?: string } = {},
): Promise<ManageAnswer> {
  const headers: Record<string, string> = { ...options.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers["content-type"] ??= "application/json";
  const request = Object.assign(
    new Request(`${app.config.baseUrl}${MANAGE_PREFIX}${path}`, {
      method,
      headers,
      body:
        options.body === undefined
          ? undefined
          : typeof options.body === "string"
            ? options.body
            : JSON.stringify(options.body),
    }),
    options.peer ? { ip: options.peer } : {},
  );
  const response = await handleManageRequest(app, request);
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

/** A management token of the organization, created by `userId` (an owner or admin) with `scopes`. */
export async function managementTokenFor(
  app: App,
  userId: string,
  organizationId: string,
  scopes: string[] = ["write"],
): Promise<string> {
  const created = await createManagementToken(app, userId, organizationId, {
    name: `Test token ${scopes.join(" ")}`,
    scopes: scopes as never,
  });
  return created.secret;
}
