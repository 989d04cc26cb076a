// The management API's door: the same boundary checks as the rest of the API (body cap, NUL refused,
// the client address established), then the Hono app, built once per App.
import type { App } from "../app-services.ts";
import { requestClientAddress } from "../http/client-address.ts";
import { guardBrowserRequest } from "../http/guard-browser-request.ts";
import { createManageApi, MANAGE_PREFIX, type ManageApi } from "./manage-api.ts";
import { errorResponse, type ManageErrorCode } from "./manage-errors.ts";

export { MANAGE_PREFIX };

const apis = new WeakMap<App, ManageApi>();

function manageApiOf(app: App): ManageApi {
  let api = apis.get(app);
  if (!api) {
    api = createManageApi(app);
    apis.set(app, api);
  }
  return api;
}

export const isManagePath = (pathname: string) =>
  pathname === MANAGE_PREFIX || pathname.startsWith(`${MANAGE_PREFIX}/`);

export async function handleManageRequest(app: App, original: Request): Promise<Response> {
  const guarded = await guardBrowserRequest(original, {
    baseUrl: app.config.baseUrl,
    // Tokens, never cookies: a browser cannot be made to send one.
    checkOrigin: false,
    clientAddress: requestClientAddress(original, app.config.trustedProxies),
  });
  if (guarded instanceof Response) return inOurShape(guarded);
  return manageApiOf(app).fetch(guarded);
}

/** The boundary's refusals ({ code, message }) in the management API's one error shape. */
async function inOurShape(refusal: Response): Promise<Response> {
  const { message } = (await refusal.json()) as { message: string };
  const code: ManageErrorCode = refusal.status === 403 ? "FORBIDDEN" : "BAD_REQUEST";
  const connection = refusal.headers.get("connection");
  const answer = errorResponse(code, message, connection ? { headers: { connection } } : {});
  return new Response(answer.body, { status: refusal.status, headers: answer.headers });
}
