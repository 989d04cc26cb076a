// Ended spans, sent to the collector in batches off the tool call's path: a span's end only puts the
// record into a preallocated ring; a full batch (or the timer, for a quiet server) schedules one POST
// of OTLP/HTTP protobuf (otlp-protobuf.ts) or JSON (otlp-json.ts) on a later turn of the event loop, a few POSTs in flight at most.
// When the collector is slow or down the ring fills and the oldest spans are dropped, and counted:
// a tool call never waits for tracing, and memory stays bounded.
import { Agent as HttpAgent, request as httpRequest } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { attributesJson, exportRequestJson } from "./otlp-json.ts";
import { exportRequestProtobuf } from "./otlp-protobuf.ts";
import type { Attributes, SpanRecord, SpanSink } from "./span-record.ts";

export interface OtlpExporterOptions {
  /** The collector's traces URL (…/v1/traces). */
  url: string;
  /** OTLP/HTTP's two encodings: protobuf (the default, 2.5× fewer bytes) or JSON. */
  protocol?: OtlpProtocol;
  resource: Attributes;
  /** The instrumentation scope's name. */
  scope?: string;
  /**
   * Spans kept at most; older ones are dropped when full (8,192: four batches, where OpenTelemetry's
   * default is 2,048 for batches of 512).
   */
  maxQueue?: number;
  /**
   * Spans per POST, and the count that starts one: 2,048, four times OpenTelemetry's default, as a
   * POST's own CPU (request, response, the socket's wake-ups) was ~1.5 µs of every traced call at 512
   * (docs/perf/observability-2026-11.md, session 17). A POST of 2,048 spans is ~320 KB.
   */
  batchSize?: number;
  /** A quiet server's spans wait at most this long (ms). */
  intervalMs?: number;
  /** One POST's time limit (ms). */
  timeoutMs?: number;
  /** POSTs at a time (a busy server fills a batch faster than one POST takes). */
  maxConcurrent?: number;
  /** For tests: the POST itself. */
  send?: (url: string, body: string | Buffer, contentType: string, timeoutMs: number) => Promise<void>;
}

export type OtlpProtocol = "http/protobuf" | "http/json";

export interface OtlpExporter extends SpanSink {
  /** Sends everything queued now (and waits for an export already running). */
  flush(): Promise<void>;
  /** Stops the timer and sends what is still queued. */
  shutdown(): Promise<void>;
  /** Spans dropped so far: the ring was full (collector down or slow), or their POST failed. */
  dropped(): number;
}

// node:http with kept-alive connections: a third less CPU per POST than fetch (docs/perf/observability-2026-11.md).
const agents = { "http:": new HttpAgent({ keepAlive: true }), "https:": new HttpsAgent({ keepAlive: true }) };

function post(url: string, body: string | Buffer, contentType: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const send = target.protocol === "https:" ? httpsRequest : httpRequest;
    const request = send(
      target,
      {
        method: "POST",
        agent: target.protocol === "https:" ? agents["https:"] : agents["http:"],
        headers: { "content-type": contentType, "content-length": Buffer.byteLength(body) },
        timeout: timeoutMs,
      },
      (response) => {
        response.resume();
        response.on("end", () => {
          const status = response.statusCode ?? 0;
          if (status >= 200 && status < 300) resolve();
          else reject(new Error(`OTLP export answered HTTP ${status}`));
        });
        response.on("error", reject);
      },
    );
    request.on("timeout", () => request.destroy(new Error("OTLP export timed out")));
    request.on("error", reject);
    request.end(body);
  });
}

export function createOtlpExporter(options: OtlpExporterOptions): OtlpExporter {
  const maxQueue = options.maxQueue ?? 8192;
  const batchSize = Math.min(options.batchSize ?? 2048, maxQueue);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxConcurrent = options.maxConcurrent ?? 4;
  const send = options.send ?? post;
  const json = options.protocol === "http/json";
  const contentType = json ? "application/json" : "application/x-protobuf";
  const resourceJson = attributesJson(options.resource);
  const scope = options.scope ?? "portico";
  const ring: Array<SpanRecord | undefined> = new Array(maxQueue).fill(undefined);
  let head = 0;
  let size = 0;
  let dropped = 0;
  let scheduled = false;
  const inFlight = new Set<Promise<void>>();

  /** Sends up to one batch from the ring's head; the records leave the ring before the POST starts. */
  async function exportBatch(): Promise<void> {
    const count = Math.min(size, batchSize);
    if (count === 0) return;
    const body = json
      ? exportRequestJson(resourceJson, scope, ring, head, count)
      : exportRequestProtobuf(options.resource, scope, ring, head, count);
    for (let index = 0; index < count; index++) ring[(head + index) % maxQueue] = undefined;
    head = (head + count) % maxQueue;
    size -= count;
    try {
      await send(options.url, body, contentType, timeoutMs);
    } catch {
      // The collector is down or refused them: these spans are lost, as a tool call must not wait.
      dropped += count;
    }
  }

  /** Starts exports (up to `maxConcurrent` at a time) while at least `atLeast` spans are queued. */
  function pump(atLeast: number): void {
    while (size >= atLeast && size > 0 && inFlight.size < maxConcurrent) {
      const exported: Promise<void> = exportBatch().finally(() => {
        inFlight.delete(exported);
        pump(batchSize);
      });
      inFlight.add(exported);
    }
  }

  const timer = setInterval(() => pump(1), options.intervalMs ?? 5000);
  timer.unref();

  return {
    add(span) {
      if (size === maxQueue) {
        // Full: the oldest span makes room (newer spans say more about what is happening now).
        head = (head + 1) % maxQueue;
        size--;
        dropped++;
      }
      ring[(head + size) % maxQueue] = span;
      size++;
      if (size >= batchSize && !scheduled && inFlight.size < maxConcurrent) {
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          pump(batchSize);
        });
      }
    },
    async flush() {
      // What is queued now fits in this many rounds; spans added meanwhile may wait for the next flush.
      for (let round = 0; round <= Math.ceil(maxQueue / batchSize); round++) {
        pump(1);
        if (inFlight.size === 0) return;
        await Promise.all(inFlight);
      }
    },
    async shutdown() {
      clearInterval(timer);
      await this.flush();
    },
    dropped: () => dropped,
  };
}
