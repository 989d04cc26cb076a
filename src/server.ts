// Production and dev server entry: API paths are answered here, everything else goes to TanStack Start.
import type { IncomingMessage, ServerResponse } from "node:http";
import handler, { createServerEntry } from "@tanstack/react-start/server-entry";
import { endRunWatches } from "./server/agents/neo/run-events.ts";
import { closeApp, getApp } from "./server/app.ts";
import type { App } from "./server/app-services.ts";
import { claimInstructions } from "./server/auth/instance-claim.ts";
import { config } from "./server/config.ts";
import { isNewDataFolder, openDatabase } from "./server/db/client.ts";
import { applyMigrations } from "./server/db/migrate.ts";
import { CONNECT_PREFIX, handleConnectRequest } from "./server/external-users/connect-page.ts";
import { handleRestRequest, REST_PREFIX } from "./server/gateway/rest/handle-rest.ts";
import { handleMcpRequest, MCP_PATH } from "./server/gateway/transport/handle-mcp.ts";
import { handleMcpNodeRequest, type NodeHandler } from "./server/gateway/transport/handle-mcp-node.ts";
import { guardBrowserRequest } from "./server/http/guard-browser-request.ts";
import { handleApiRequest } from "./server/http/handle-api.ts";
import { handleServerFnRequest } from "./server/http/handle-server-fn.ts";
import { handleSiteFiles } from "./server/http/handle-site-files.ts";
import { handleWellKnownRequest } from "./server/http/handle-well-known.ts";
import { normalizePath } from "./server/http/normalize-path.ts";
import { isPrivatePath, wantsHsts, withSecurityHeaders } from "./server/http/security-headers.ts";
import { handleManageRequest, isManagePath } from "./server/manage/handle-manage.ts";
import { joinClusterMetrics, serveClusterMetrics } from "./server/observability/cluster-metrics.ts";
import { handleOpsRequest } from "./server/observability/handle-ops.ts";
import { startDraining } from "./server/observability/health.ts";
import { flushLogs } from "./server/observability/logger.ts";
import { metrics, routeGroup } from "./server/observability/metrics.ts";
import { flushErrorReports, initServerErrorReporting } from "./server/observability/sentry.ts";

/** TanStack Start's default base path of server function calls. */
const SERVER_FN_PREFIX = "/_serverFn/";

/** Called by scripts/serve.ts before anything else: validates configuration, says how many processes. */
export const serverProcesses = () => config().webConcurrency;
/**
 * Whether this start makes a new embedded database. scripts/serve.ts then has prepareDataFolder run in
 * a process of its own first: initdb and the migrations leave ~110 MB of compiled WebAssembly and
 * allocator memory in whatever process runs them (issue 46: 409 MB after a minute idle, against 292 MB
 * for a later start), and only a process that exits gives it back.
 */
export const makesNewDataFolder = () => {
  const { databaseUrl, dataDir } = config();
  return !databaseUrl && dataDir !== undefined && isNewDataFolder(dataDir);
};
/** Makes the embedded database and applies the migrations, then closes it. */
export const prepareDataFolder = async () => {
  const handle = await openDatabase({ kind: "pglite", dataDir: config().dataDir });
  try {
    await applyMigrations(handle);
  } finally {
    await handle.close();
  }
};
let started: App | null = null;
/** Called by scripts/serve.ts before listening: validates configuration and applies migrations. */
export const startServices = async () => {
  await initServerErrorReporting(config());
  started = await getApp();
  joinClusterMetrics();
};
/** Polled by scripts/serve.ts (call-log-priority-guard.ts): how far the call log is behind, in ms. */
export const callLogLagMs = () => started?.gateway.recorder.oldestUnwrittenMs ?? 0;
/** Called by scripts/serve.ts once listening: how to claim an instance that has no account yet, or null. */
export const claimNotice = async (localUrl: string) => {
  const app = await getApp();
  return claimInstructions(app.db, { local: localUrl, public: app.config.baseUrl }, app.setupCode);
};
/** Called by scripts/serve.ts in the process that supervises several: gathers their metrics for a scrape. */
export const superviseMetrics = () => serveClusterMetrics();
/** Called on SIGTERM/SIGINT first: run pages' live streams end (their browsers reconnect elsewhere). */
export const beginStop = () => endRunWatches();
/**
 * Called on SIGTERM/SIGINT first: readiness fails from now on; resolves once SHUTDOWN_DELAY_MS has
 * passed, during which requests are still taken, so load balancers see it and stop sending them here.
 */
export const startShutdown = async () => {
  if (started) startDraining(started);
  const delay = config().shutdownDelayMs;
  if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
};
/** Called on SIGTERM/SIGINT after the listener has stopped accepting requests. */
export const stopServices = async () => {
  await closeApp();
  await flushErrorReports();
  flushLogs();
};

/**
 * Called by scripts/serve.ts for every request before srvx turns it into a Web Request: POST /mcp is
 * answered from node:http where it can be (handle-mcp-node.ts); everything else goes on to `next`, srvx
 * and then `fetch` below.
 */
export function handleNodeRequest(req: IncomingMessage, res: ServerResponse, next: NodeHandler): void {
  if (config().metrics.enabled) countResponse(req, res);
  if (req.method !== "POST" || req.url !== MCP_PATH) {
    next(req, res);
    return;
  }
  // An app that failed to start is the Web path's to report, as for every other request.
  void getApp().then(
    (app) => handleMcpNodeRequest(app, req, res, next),
    () => next(req, res),
  );
}

/** portico_http_requests_total, by route group and status, once the answer has gone. */
function countResponse(req: IncomingMessage, res: ServerResponse): void {
  const url = req.url ?? "/";
  const query = url.indexOf("?");
  const pathname = query === -1 ? url : url.slice(0, query);
  const group = pathname === config().metrics.path ? "metrics" : routeGroup(pathname);
  res.once("finish", () => metrics.httpRequest(group, res.statusCode));
}

type StartFetch = Parameters<typeof handler.fetch>;

export default createServerEntry({
  async fetch(request, opts) {
    const response = await route(request, opts);
    const { environment, baseUrl } = config();
    return withSecurityHeaders(response, {
      hsts: wantsHsts(environment, baseUrl),
      noStore: isPrivatePath(new URL(request.url).pathname),
    });
  },
});

async function route(request: Request, opts: StartFetch[1]): Promise<Response> {
  const url = new URL(request.url);
  const ops = handleOpsRequest(config(), getApp, request, url.pathname);
  if (ops) return ops;
  const redirect = normalizePath(url);
  if (redirect) return redirect;
  const siteFile = handleSiteFiles(request, url, config().baseUrl);
  if (siteFile) return siteFile;
  if (url.pathname === MCP_PATH) return handleMcpRequest(await getApp(), request);
  if (url.pathname.startsWith(REST_PREFIX)) return handleRestRequest(await getApp(), request, url.pathname);
  if (url.pathname.startsWith(CONNECT_PREFIX)) {
    const response = await handleConnectRequest(await getApp(), request, url.pathname);
    if (response) return response;
  }
  if (url.pathname.startsWith("/.well-known/")) {
    const response = await handleWellKnownRequest(await getApp(), request, url.pathname);
    if (response) return response;
  }
  if (isManagePath(url.pathname)) return handleManageRequest(await getApp(), request);
  if (url.pathname.startsWith("/api/")) {
    const response = await handleApiRequest(await getApp(), request, url.pathname);
    if (response) return response;
  }
  if (url.pathname.startsWith(SERVER_FN_PREFIX)) {
    // Server functions are the browser-facing API too: the same cap, NUL and origin checks as tRPC's.
    const guarded = await guardBrowserRequest(request, { baseUrl: config().baseUrl, checkOrigin: true });
    if (guarded instanceof Response) return guarded;
    return handleServerFnRequest(guarded, (request) => handler.fetch(request, opts));
  }
  return handler.fetch(request, opts);
}
