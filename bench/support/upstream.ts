// The loopback "upstream" the benchmark's tool calls reach: a plain HTTP server with a small text
// page, run as its own process so it competes for CPU like a real neighbour would, not inside the
// load generator.
import { createServer } from "node:http";

const body = "Portico benchmark upstream. ".repeat(8);
const server = createServer((_request, response) => {
  response.writeHead(200, {
    "content-type": "text/plain; charset=utf-8",
    "content-length": Buffer.byteLength(body),
  });
  response.end(body);
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  const address = server.address();
  if (typeof address === "object" && address) console.log(`upstream listening on ${address.port}`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
