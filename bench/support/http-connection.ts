// One keep-alive HTTP/1.1 connection that sends pre-encoded requests and parses just enough of each
// response (status, Content-Length or chunked body) to know when it ends. The load generator uses it
// instead of fetch/undici because on a 2-core machine the client's own CPU cost would otherwise cap
// the figures it reports: undici tops out near 7,000 req/s against a server that does nothing.
import { connect, type Socket } from "node:net";

export interface RawResponse {
  status: number;
  body: string;
}

const HEADER_END = Buffer.from("\r\n\r\n");

/** Encodes a request once; the same bytes are written for every repetition. */
export function encodeRequest(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body?: string,
): Buffer {
  const payload = body === undefined ? undefined : Buffer.from(body);
  const lines = [`${method} ${url.pathname}${url.search} HTTP/1.1`, `host: ${url.host}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (payload) lines.push(`content-length: ${payload.length}`);
  const head = Buffer.from(`${lines.join("\r\n")}\r\n\r\n`);
  return payload ? Buffer.concat([head, payload]) : head;
}

export class HttpConnection {
  private readonly socket: Socket;
  private readonly ready: Promise<void>;
  private received: Buffer = Buffer.alloc(0);
  private waiting: { resolve: (response: RawResponse) => void; reject: (error: Error) => void } | null = null;
  /** Set once the socket has closed, e.g. when the server ended a keep-alive connection left idle. */
  closed = false;

  /** `localAddress`: the address to connect from (bench/support/junk-key-flood.ts: many on loopback). */
  constructor(url: URL, localAddress?: string) {
    this.socket = connect({ host: url.hostname, port: Number(url.port), noDelay: true, localAddress });
    this.ready = new Promise((resolve, reject) => {
      this.socket.once("connect", resolve);
      this.socket.once("error", reject);
    });
    this.socket.on("data", (chunk: Buffer) => {
      this.received = this.received.length === 0 ? chunk : Buffer.concat([this.received, chunk]);
      this.tryComplete();
    });
    const fail = (error: Error) => {
      const waiting = this.waiting;
      this.waiting = null;
      waiting?.reject(error);
    };
    this.socket.on("error", fail);
    this.socket.on("close", () => {
      this.closed = true;
      fail(new Error("connection closed"));
    });
  }

  async send(request: Buffer): Promise<RawResponse> {
    await this.ready;
    if (this.waiting) throw new Error("one request at a time per connection");
    // A write to a closed socket neither answers nor fails, so the request would wait forever.
    if (this.closed) throw new Error("connection closed");
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(request);
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private tryComplete(): void {
    if (!this.waiting) return;
    const headerEnd = this.received.indexOf(HEADER_END);
    if (headerEnd < 0) return;
    const head = this.received.subarray(0, headerEnd).toString("latin1");
    const status = Number(head.slice(9, 12));
    const bodyStart = headerEnd + HEADER_END.length;
    const lengthMatch = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    let body: Buffer | null;
    let consumed: number;
    if (lengthMatch) {
      const length = Number(lengthMatch[1]);
      if (this.received.length < bodyStart + length) return;
      body = this.received.subarray(bodyStart, bodyStart + length);
      consumed = bodyStart + length;
    } else if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
      const parsed = parseChunked(this.received, bodyStart);
      if (!parsed) return;
      ({ body, consumed } = parsed);
    } else {
      body = Buffer.alloc(0);
      consumed = bodyStart;
    }
    this.received = this.received.subarray(consumed);
    const waiting = this.waiting;
    this.waiting = null;
    waiting.resolve({ status, body: body.toString() });
  }
}

/** A complete chunked body starting at `offset`, or null while more bytes are needed. */
function parseChunked(buffer: Buffer, offset: number): { body: Buffer; consumed: number } | null {
  const parts: Buffer[] = [];
  let position = offset;
  for (;;) {
    const lineEnd = buffer.indexOf("\r\n", position);
    if (lineEnd < 0) return null;
    const size = Number.parseInt(buffer.subarray(position, lineEnd).toString("latin1"), 16);
    const dataStart = lineEnd + 2;
    if (size === 0) {
      // Last chunk: no trailers are sent by the servers measured here, so a blank line ends the body.
      if (buffer.length < dataStart + 2) return null;
      return { body: Buffer.concat(parts), consumed: dataStart + 2 };
    }
    if (buffer.length < dataStart + size + 2) return null;
    parts.push(buffer.subarray(dataStart, dataStart + size));
    position = dataStart + size + 2;
  }
}
