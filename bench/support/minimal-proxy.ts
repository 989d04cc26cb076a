// The floor the gateway's added latency is compared with: the least a Node.js process can do for the
// same tools/call — read the JSON-RPC body, GET the page with undici, answer JSON — with no auth, SDK,
// SSRF guard, time limit or call log. Run as its own process, like the upstream, so that what it adds
// on this machine, in the same run, shows how much of Portico's added latency is Node's HTTP stack and
// the machine rather than Portico.
import { createServer } from "node:http";
import { Agent, request } from "undici";

const agent = new Agent({ keepAliveTimeout: 60_000 });

const server = createServer((incoming, response) => {
  const chunks: Buffer[] = [];
  incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
  incoming.on("end", async () => {
    const call = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    const page = await request(call.params.arguments.url, { dispatcher: agent });
    const text = await page.body.text();
    const answer = JSON.stringify({
      result: { content: [{ type: "text", text }] },
      jsonrpc: "2.0",
      id: call.id,
    });
    response.writeHead(200, {
      "content-type": "application/json",
      "content-length": Buffer.byteLength(answer),
    });
    response.end(answer);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  const address = server.address();
  if (typeof address === "object" && address) console.log(`minimal proxy listening on ${address.port}`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
