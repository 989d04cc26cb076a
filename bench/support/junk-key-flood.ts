// A flood of made-up API keys at /mcp, as its own process (so its CPU is not the measuring process's):
//   node bench/support/junk-key-flood.ts <mcp url> <requests per second> <seconds> <many|one>
// Every request carries a new random "ptk_…" key. `many`: each connection comes from an address of
// 127.0.0.0/8 and moves to another after 50 requests, below the per-address limit of failed
// authentications, so what is measured is the cost of an unknown key itself; `one`: all from
// 127.0.0.1, which the per-address limit soon refuses. Loopback only, and bounded: it sends at most
// rate × seconds requests, then prints a JSON line of the answers' statuses and exits.
import { randomBytes, randomInt } from "node:crypto";
import { encodeRequest, HttpConnection } from "./http-connection.ts";

const [target = "", rateText = "3000", secondsText = "10", from = "many"] = process.argv.slice(2);
const url = new URL(target);
if (!["127.0.0.1", "localhost"].includes(url.hostname)) throw new Error("the flood goes to loopback only");
/** Connected over IPv4 loopback (its many source addresses); the Host header stays the URL's. */
const connectUrl = new URL(target);
connectUrl.hostname = "127.0.0.1";
const rate = Number(rateText);
const total = Math.round(rate * Number(secondsText));
const CONNECTIONS = 64;
const REQUESTS_PER_ADDRESS = 50;
const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} });

const loopbackAddress = () =>
  from === "one" ? "127.0.0.1" : `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

interface Slot {
  connection: HttpConnection;
  sent: number;
  busy: boolean;
}
const slots: Slot[] = Array.from({ length: CONNECTIONS }, () => ({
  connection: new HttpConnection(connectUrl, loopbackAddress()),
  sent: 0,
  busy: false,
}));
const statuses: Record<string, number> = {};
let sent = 0;
let skipped = 0;

function request(): Buffer {
  return encodeRequest(
    url,
    "POST",
    {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      authorization: `Bearer ptk_${randomBytes(32).toString("base64url")}`,
    },
    body,
  );
}

async function sendOn(slot: Slot): Promise<void> {
  slot.busy = true;
  if (slot.connection.closed || slot.sent >= REQUESTS_PER_ADDRESS) {
    slot.connection.close();
    slot.connection = new HttpConnection(connectUrl, loopbackAddress());
    slot.sent = 0;
  }
  slot.sent++;
  try {
    const response = await slot.connection.send(request());
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
  } catch {
    statuses.error = (statuses.error ?? 0) + 1;
    slot.connection.close();
    slot.sent = REQUESTS_PER_ADDRESS;
  } finally {
    slot.busy = false;
  }
}

const TICK_MS = 10;
const started = performance.now();
await new Promise<void>((resolve) => {
  const timer = setInterval(() => {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate));
    while (sent < due) {
      sent++;
      const slot = slots.find((candidate) => !candidate.busy);
      if (slot) void sendOn(slot);
      else skipped++; // every connection busy: the server is not keeping up; not queued here
    }
    if (sent >= total) {
      clearInterval(timer);
      resolve();
    }
  }, TICK_MS);
});
while (slots.some((slot) => slot.busy)) await new Promise((resolve) => setTimeout(resolve, 10));
for (const slot of slots) slot.connection.close();
const seconds = (performance.now() - started) / 1000;
console.log(JSON.stringify({ due: total, skipped, statuses, seconds: Number(seconds.toFixed(1)) }));
