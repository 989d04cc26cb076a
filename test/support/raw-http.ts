// One keep-alive TCP connection driven by hand, for what fetch hides: bodies that run past a cap while
// the client is still sending, and whether the server answers the next request or closes the socket.
import { connect, type Socket } from "node:net";

export class RawConnection {
  private readonly socket: Socket;
  private received = "";
  private closedAt: number | null = null;
  private readonly closed: Promise<void>;
  /** Called on every chunk received and on close, so waiters check the moment something changes. */
  private readonly changed = new Set<() => void>();

  private constructor(socket: Socket) {
    this.socket = socket;
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => {
      this.received += chunk;
      for (const notify of this.changed) notify();
    });
    // The server closing while the client still writes gives EPIPE/ECONNRESET here: that is an answer.
    socket.on("error", () => undefined);
    this.closed = new Promise((resolve) =>
      socket.once("close", () => {
        this.closedAt = Date.now();
        for (const notify of this.changed) notify();
        resolve();
      }),
    );
  }

  static open(port: number): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, "127.0.0.1", () => resolve(new RawConnection(socket)));
      socket.once("error", reject);
    });
  }

  get isClosed(): boolean {
    return this.closedAt !== null;
  }

  write(data: string | Uint8Array): Promise<void> {
    if (this.isClosed || this.socket.destroyed) return Promise.resolve();
    return new Promise((resolve) => this.socket.write(data, () => resolve()));
  }

  /** Everything received so far (headers and bodies of every response). */
  text(): string {
    return this.received;
  }

  /** Waits until `count` status lines have arrived; false after `timeoutMs` or a close short of them. */
  waitForResponses(count: number, timeoutMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      const check = () => {
        const arrived = this.statusCodes().length >= count;
        if (!arrived && !this.isClosed) return;
        finish(arrived);
      };
      const finish = (arrived: boolean) => {
        clearTimeout(timer);
        this.changed.delete(check);
        resolve(arrived);
      };
      const timer = setTimeout(() => finish(false), timeoutMs);
      this.changed.add(check);
      check();
    });
  }

  statusCodes(): number[] {
    return [...this.received.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((match) => Number(match[1]));
  }

  /** Resolves true when the server closes the connection within `timeoutMs`. */
  async waitForClose(timeoutMs: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    const result = await Promise.race([this.closed.then(() => true as const), timeout]);
    clearTimeout(timer);
    return result;
  }

  destroy(): void {
    this.socket.destroy();
  }
}

/** A request head: request line and headers, ending with the blank line. */
export function requestHead(
  method: string,
  path: string,
  port: number,
  headers: Record<string, string>,
): string {
  const lines = [`${method} ${path} HTTP/1.1`, `Host: localhost:${port}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return `${lines.join("\r\n")}\r\n\r\n`;
}
