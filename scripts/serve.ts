// Serves the production build: static assets from dist/client, everything else through the server
// entry (API, auth, pages). Configuration and migrations are checked before the port opens.
// With WEB_CONCURRENCY above 1 this process only supervises: it forks that many server processes,
// which share the port (node:cluster hands out connections) and one PostgreSQL; caches stay correct
// across them through the same LISTEN/NOTIFY invalidation any set of replicas uses.
import { spawn } from "node:child_process";
import cluster from "node:cluster";
import type { Server as HttpServer, IncomingMessage, ServerResponse } from "node:http";
import { Server as NetServer } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { type Server as SrvxServer, serve } from "srvx";
import { staticMiddleware } from "srvx/static";
import { guardCallLogPriority } from "./call-log-priority-guard.ts";
import { idleBackgroundThreads } from "./idle-background-threads.ts";
import { type IdleMemoryRelease, releaseMemoryWhenIdle } from "./idle-memory-release.ts";

// This is the production server: libraries pick their production builds by NODE_ENV, React's server
// renderer among them (its development build renders more slowly and checks more). Unset, it ran the
// development build. An explicit NODE_ENV still wins.
process.env.NODE_ENV ??= "production";

const root = path.resolve(import.meta.dirname, "..");
const entry = await import(pathToFileURL(path.join(root, "dist/server/server.js")).href);
const port = Number(process.env.PORT ?? 3000);
const READY = "portico:ready";

/** Set for the short-lived process that makes a new embedded database (see makesNewDataFolder). */
const PREPARE_ONLY = "PORTICO_PREPARE_DATA_FOLDER";

/** Runs this script again as a process that only makes the data folder, and waits for it to exit. */
function prepareDataFolderApart(): Promise<void> {
  const child = spawn(process.execPath, [...process.execArgv, import.meta.filename], {
    env: { ...process.env, [PREPARE_ONLY]: "1" },
    stdio: "inherit",
  });
  return new Promise((resolve) =>
    child.on("exit", (code, signal) => {
      if (code === 0) return resolve();
      console.error(`Preparing the data folder failed (${code ?? signal}); Portico did not start`);
      process.exit(1);
    }),
  );
}

async function runServer() {
  try {
    if (entry.makesNewDataFolder()) await prepareDataFolderApart();
    await entry.startServices();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  const idled = await idleBackgroundThreads();
  if (idled.failure) {
    console.warn(
      `Background threads keep their CPU priority (${idled.failure}); requests may wait behind them under load`,
    );
  }
  // While the call log falls behind (a CPU kept busy, say by a flood of junk keys), they get it back.
  guardCallLogPriority(idled.threadIds, entry.callLogLagMs);
  const server = serve({
    port,
    hostname: process.env.HOST ?? "0.0.0.0",
    silent: true,
    gracefulShutdown: false,
    // srvx listens exclusively unless told otherwise, which a second cluster process cannot share.
    reusePort: cluster.isWorker,
    middleware: [
      staticMiddleware({ dir: path.join(root, "dist/client"), maxAge: 31536000, immutable: true }),
    ],
    fetch: entry.default.fetch,
    // Listens below, once the entry's node:http handler is in front of srvx's own.
    manual: true,
  });
  const stopper = gracefulStopper(server.node);
  // The young generation the start grew, and its garbage, go back once the server is idle.
  const idleRelease = releaseMemoryWhenIdle(() => stopper.open);
  routeThroughEntry(server.node, stopper, idleRelease);
  keepConnectionsLongerThanBalancers(server.node);
  try {
    await server.serve();
  } catch (error) {
    console.error(listenFailure(error));
    await entry.stopServices();
    process.exit(1);
  }
  // Before anyone is told the server is up: a SIGTERM from then on is a graceful stop, never the
  // default one that kills the process (the claim notice below still awaits the database).
  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    if (!cluster.isWorker) console.log(`${signal}: finishing open requests, then closing the database`);
    // Answers say "Connection: close" from now on, so keep-alive clients (a load balancer's pool)
    // open their next connection, which goes elsewhere once the balancer sees readiness fail.
    stopper.closeKeepAlive();
    // Readiness fails from here on (and, with SHUTDOWN_DELAY_MS, requests are still taken meanwhile).
    await entry.startShutdown();
    // Streams that only watch (a run page) end now instead of holding the stop open.
    entry.beginStop();
    await stopper.stop();
    await entry.stopServices();
    process.exit(0);
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  if (cluster.isWorker) process.send?.(READY);
  else console.log(`Portico is running at http://localhost:${port}`);
  // A fresh instance says how to claim it (one process of several says it).
  if (!cluster.isWorker || cluster.worker?.id === 1) {
    // A stop that began meanwhile closes the database under this read: then the notice does not matter.
    const notice = await entry.claimNotice(`http://localhost:${port}`).catch((error: unknown) => {
      if (!stopping) throw error;
      return null;
    });
    if (notice) console.log(notice);
  }
}

/**
 * What to tell someone whose port cannot be opened: the usual cause is a second `npm start` (or another
 * program) on the same port, and the raw EADDRINUSE stack trace named neither the port nor the way out.
 */
function listenFailure(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const host = process.env.HOST ?? "0.0.0.0";
  if (code === "EADDRINUSE") {
    return [
      `Port ${port} is already in use on ${host}: another Portico or another program is listening there.`,
      `Stop it, or start Portico on another port, e.g. PORT=${port + 1} npm start`,
    ].join("\n");
  }
  if (code === "EACCES") {
    return `Port ${port} needs more privileges than this process has. Choose a port above 1023, e.g. PORT=3000 npm start`;
  }
  if (code === "EADDRNOTAVAIL") {
    return `HOST=${host} is not an address of this machine. Unset HOST to listen on every address.`;
  }
  return `Portico could not listen on ${host}:${port}: ${error instanceof Error ? error.message : String(error)}`;
}

/**
 * Puts the entry's node:http handler (server.ts's handleNodeRequest: POST /mcp without a Web Request)
 * in front of srvx's, which gets every request it passes on.
 */
function routeThroughEntry(
  node: SrvxServer["node"],
  stopper: GracefulStopper,
  idleRelease: IdleMemoryRelease,
) {
  if (!node?.server) throw new Error("srvx did not create a node:http server");
  const srvxHandler = node.handler;
  node.server.removeListener("request", srvxHandler);
  node.server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    stopper.track(res);
    idleRelease.requestArrived();
    entry.handleNodeRequest(req, res, srvxHandler);
  });
}

/**
 * Node closes an idle keep-alive connection after 5 s. A load balancer that pools connections to its
 * backends may send a request on one at the moment it closes, and that request is reset unanswered
 * (one of 19,251 calls in the rolling-restart test under load, issue 45): the backend must keep idle
 * connections longer than the balancer does (60 s for nginx's upstream keepalive_timeout and AWS's
 * load balancers), so the balancer is the side that closes them.
 */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

function keepConnectionsLongerThanBalancers(node: SrvxServer["node"]) {
  const httpServer = node?.server as HttpServer | undefined;
  if (!httpServer) return;
  httpServer.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // Kept above it: a shorter headers timeout cut idle keep-alive connections first in older Node.
  httpServer.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
}

/** How long after SIGTERM a keep-alive connection may stay open with no request on it. */
const IDLE_GRACE_MS = 1_000;

interface GracefulStopper {
  track(res: ServerResponse): void;
  /** From SIGTERM on: every answer ends its connection, while the listener still takes new ones. */
  closeKeepAlive(): void;
  /** Requests under way. */
  readonly open: number;
  stop(): Promise<void>;
}

/**
 * A clean stop that resets nothing. node:http's close() also closes every idle keep-alive connection at
 * once, and a request already on its way on one of them was reset without running (about 100 under
 * load). Instead every answer from SIGTERM on says "Connection: close" so clients take their next
 * request elsewhere, then the listener stops taking connections, connections are closed only once idle
 * for IDLE_GRACE_MS, and the stop waits for every request under way.
 */
function gracefulStopper(node: SrvxServer["node"]): GracefulStopper {
  const httpServer = node?.server as HttpServer | undefined;
  if (!httpServer) throw new Error("srvx did not create a node:http server");
  let closing = false;
  const open = new Set<ServerResponse>();
  let drained: (() => void) | null = null;
  return {
    get open() {
      return open.size;
    },
    track(res) {
      open.add(res);
      if (closing) res.shouldKeepAlive = false;
      res.once("close", () => {
        open.delete(res);
        if (open.size === 0) drained?.();
      });
    },
    closeKeepAlive() {
      closing = true;
      // Answers still being worked on close their connection too (node reads this with the headers).
      for (const res of open) if (!res.headersSent) res.shouldKeepAlive = false;
    },
    async stop() {
      closing = true;
      // net.Server's close: stop listening, without http.Server's closing of idle connections.
      const listening = new Promise<void>((resolve) =>
        NetServer.prototype.close.call(httpServer, () => resolve()),
      );
      await new Promise((resolve) => setTimeout(resolve, IDLE_GRACE_MS));
      httpServer.closeIdleConnections();
      if (open.size > 0) await new Promise<void>((resolve) => (drained = resolve));
      httpServer.closeAllConnections();
      await listening;
    },
  };
}

/** Forks the server processes, reports once all listen, and stops them all on SIGTERM/SIGINT. */
async function supervise(count: number) {
  let stopping = false;
  // A scrape on any server process answers for all of them (observability/cluster-metrics.ts).
  entry.superviseMetrics();
  const workers = Array.from({ length: count }, () => cluster.fork());
  cluster.on("exit", (worker, code) => {
    if (stopping) return;
    // A server process that dies takes the service down with it rather than leaving it half-sized
    // without anyone noticing: the process manager restarts the whole unit.
    console.error(`Server process ${worker.process.pid} exited (${code ?? "signal"}); stopping Portico`);
    stopping = true;
    for (const other of workers) other.process.kill("SIGTERM");
    process.exitCode = 1;
  });
  await Promise.all(
    workers.map(
      (worker) =>
        new Promise<void>((resolve) => worker.on("message", (message) => message === READY && resolve())),
    ),
  );
  console.log(`Portico is running at http://localhost:${port} (${count} server processes)`);
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing open requests in ${count} server processes`);
    for (const worker of workers) worker.process.kill("SIGTERM");
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

// Last, so that every constant above exists before the server starts: runServer() is awaited until
// its start is complete, and a SIGTERM during that time (the claim notice still awaiting the database)
// once met IDLE_GRACE_MS uninitialised and exited 1.
let processes: number;
try {
  processes = entry.serverProcesses();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

if (process.env[PREPARE_ONLY] === "1") {
  try {
    await entry.prepareDataFolder();
    process.exit(0);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
} else if (cluster.isPrimary && processes > 1) await supervise(processes);
else await runServer();
