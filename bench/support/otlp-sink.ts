// A stand-in OTLP/HTTP collector for `BENCH_OBSERVABILITY`: takes every export POST, reads its body and
// answers 200, as a collector would, so Portico's exporter does its full work (serialize, send).
import { createServer } from "node:http";

let exports = 0;
let bytes = 0;
const server = createServer((request, response) => {
  request.on("data", (chunk: Buffer) => {
    bytes += chunk.length;
  });
  request.on("end", () => {
    exports++;
    response.writeHead(200, { "content-type": "application/json" });
    response.end("{}");
  });
});
server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  console.log("otlp sink listening");
});
process.on("SIGTERM", () => {
  console.error(`otlp sink: ${exports} exports, ${(bytes / 1024).toFixed(0)} KB`);
  server.close(() => process.exit(0));
});
