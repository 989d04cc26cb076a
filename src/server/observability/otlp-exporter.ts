// Ended spans, sent to the collector in batches off the tool call's path: a span's end only puts the
// record into a preallocated ring; a full batch (or the timer, for a quiet server) schedules one POST
// of OTLP/HTTP JSON (otlp-json.ts) on a later turn of the event loop. One export is in flight at a time.
// When the collector is slow or down the ring fills and the oldest spans are dropped, and counted:
// a tool call never waits for tracing, and memory stays bounded.
import { attributesJson, exportRequestJson } from "./otlp-json.ts";
import type { Attributes, SpanRecord, SpanSink } from "./span-record.ts";

export interface OtlpExporterOptions {
  /** The collector's traces URL (…/v1/traces). */
  url: string;
  resource: Attributes;
  /** The instrumentation scope's name. */
  scope?: string;
  /** Spans kept at most; older ones are dropped when full (OpenTelemetry's default, 2048). */
  maxQueue?: number;
  /** Spans per POST, and the count that starts one (OpenTelemetry's default, 512). */
  batchSize?: number;
  /** A quiet server's spans wait at most this long (ms). */
  intervalMs?: number;
  /** One POST's time limit (ms). */
  timeoutMs?: number;
  /** For tests: the POST itself. */
  send?: (url: string, body: string, timeoutMs: number) => Promise<void>;
}

export interface OtlpExporter extends SpanSink {
  /** Sends everything queued now (and waits for an export already running). */
  flush(): Promise<void>;
  /** Stops the timer and sends what is still queued. */
  shutdown(): Promise<void>;
  /** Spans dropped so far: the ring was full (collector down or slow), or their POST failed. */
  dropped(): number;
}

async function post(url: string, body: string, timeoutMs: number): Promise<void> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
    signal: AbortSignal.timeout(timeoutMs),
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`OTLP export answered HTTP ${response.status}`);
}

export function createOtlpExporter(options: OtlpExporterOptions): OtlpExporter {
  const maxQueue = options.maxQueue ?? 2048;
  const batchSize = Math.min(options.batchSize ?? 512, maxQueue);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const send = options.send ?? post;
  const resource = attributesJson(options.resource);
  const scope = options.scope ?? "portico";
  const ring: Array<SpanRecord | undefined> = new Array(maxQueue).fill(undefined);
  let head = 0;
  let size = 0;
  let dropped = 0;
  let scheduled = false;
  let running: Promise<void> | null = null;

  /** Sends up to one batch from the ring's head; the records leave the ring before the POST starts. */
  async function exportBatch(): Promise<void> {
    const count = Math.min(size, batchSize);
    if (count === 0) return;
    const body = exportRequestJson(resource, scope, ring, head, count);
    for (let index = 0; index < count; index++) ring[(head + index) % maxQueue] = undefined;
    head = (head + count) % maxQueue;
    size -= count;
    try {
      await send(options.url, body, timeoutMs);
    } catch {
      // The collector is down or refused them: these spans are lost, as a tool call must not wait.
      dropped += count;
    }
  }

  /** Exports batches until fewer than `atLeast` spans are queued (1: until empty). */
  function drain(atLeast: number): Promise<void> {
    if (running) return running;
    running = (async () => {
      try {
        while (size >= atLeast && size > 0) await exportBatch();
      } finally {
        running = null;
      }
    })();
    return running;
  }

  const timer = setInterval(() => void drain(1), options.intervalMs ?? 5000);
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
      if (size >= batchSize && !scheduled && !running) {
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          void drain(batchSize);
        });
      }
    },
    async flush() {
      if (running) await running;
      await drain(1);
    },
    async shutdown() {
      clearInterval(timer);
      await this.flush();
    },
    dropped: () => dropped,
  };
}
