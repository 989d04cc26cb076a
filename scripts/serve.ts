// Serves the production build: static assets from dist/client, everything else through the server
// entry (API, auth, pages). Configuration and migrations are checked before the port opens.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { serve } from "srvx";
import { staticMiddleware } from "srvx/static";

const root = path.resolve(import.meta.dirname, "..");
const entry = await import(pathToFileURL(path.join(root, "dist/server/server.js")).href);

try {
  await entry.startServices();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const port = Number(process.env.PORT ?? 3000);
const server = serve({
  port,
  hostname: process.env.HOST ?? "0.0.0.0",
  silent: true,
  gracefulShutdown: false,
  middleware: [staticMiddleware({ dir: path.join(root, "dist/client"), maxAge: 31536000, immutable: true })],
  fetch: entry.default.fetch,
});
await server.ready();
console.log(`Portico is running at http://localhost:${port}`);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: finishing open requests, then closing the database`);
  await server.close();
  await entry.stopServices();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
