// The embedded database in a worker thread. PGlite is PostgreSQL compiled to WebAssembly and runs in
// the thread that calls it; in the server's request thread every statement (the call log's batches
// above all: ~30 µs a row) paused every request for its duration. Here PGlite runs in a worker and
// this side offers the part of its interface that Drizzle and client.ts use — query, transaction,
// listen, close — passing statements and results as messages. See ARCHITECTURE.md, "Embedded database
// in a worker thread".
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import {
  pgliteWorkerMain,
  type SerializedError,
  type WorkerCommand,
  type WorkerData,
  type WorkerReply,
  type WorkerResult,
} from "./pglite-worker.ts";

export type QueryResult = WorkerResult;

export interface QueryOptions {
  rowMode?: "array" | "object";
  /** Only which types to leave unparsed crosses over (Drizzle passes identity parsers to keep text). */
  parsers?: Record<number, unknown>;
  /** What `copy … from '/dev/blob'` reads, as text. */
  blob?: string;
}

export interface PgliteQueryable {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult>;
}

// The worker runs pgliteWorkerMain from its source text, as a CommonJS script (so `require` exists).
const WORKER_SOURCE = `(${pgliteWorkerMain.toString()})(require);`;

function toError({ name, message, fields }: SerializedError): Error {
  const error = Object.assign(new Error(message), fields);
  error.name = name;
  return error;
}

export class PgliteThread implements PgliteQueryable {
  private readonly worker: Worker;
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (r: QueryResult) => void; reject: (e: Error) => void }
  >();
  private readonly listeners = new Map<string, Array<(payload: string) => void>>();
  /** Statements outside a transaction wait for the one in progress, as they would in PGlite itself. */
  private exclusive: Promise<void> = Promise.resolve();
  private failure: Error | null = null;

  /** `seed`: a data folder image (PGlite's dumpDataDir) to open in memory instead of running initdb. */
  constructor(dataDir: string | undefined, seed?: Uint8Array<ArrayBuffer>) {
    const pglitePath = createRequire(import.meta.url).resolve("@electric-sql/pglite");
    const workerData: WorkerData = { pglitePath, dataDir, seed };
    this.worker = new Worker(WORKER_SOURCE, { eval: true, workerData });
    // Only pending statements keep the process alive (see send), so a finished script can exit.
    this.worker.unref();
    this.worker.on("message", (reply: WorkerReply) => this.receive(reply));
    this.worker.on("error", (error) => this.fail(error));
    this.worker.on("exit", (code) => this.fail(new Error(`The embedded database thread exited (${code})`)));
  }

  /** False once the thread has failed or exited: nothing more will be answered. */
  get alive(): boolean {
    return this.failure === null;
  }

  /** Resolves once the database is open (or rejects with why it could not be). */
  async ready(): Promise<void> {
    await this.query("select 1");
  }

  query(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<QueryResult> {
    return this.exclusive.then(() => this.send(sql, params, options));
  }

  /** Several statements without parameters, each one's rows in order (PGlite's exec). */
  exec(sql: string): Promise<{ rows: unknown[] }[]> {
    return this.exclusive
      .then(() => this.request({ op: "exec", sql }))
      .then((result) => (result.rows as unknown[][]).map((rows) => ({ rows })));
  }

  /** Runs `fn` inside BEGIN … COMMIT (ROLLBACK when it throws); other statements wait meanwhile. */
  async transaction<T>(fn: (tx: PgliteQueryable) => Promise<T>): Promise<T> {
    const previous = this.exclusive;
    let release!: () => void;
    this.exclusive = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    const tx: PgliteQueryable = {
      query: (sql, params = [], options = {}) => this.send(sql, params, options),
    };
    try {
      await this.send("begin", [], {});
      const result = await fn(tx);
      await this.send("commit", [], {});
      return result;
    } catch (error) {
      await this.send("rollback", [], {}).catch(() => undefined);
      throw error;
    } finally {
      release();
    }
  }

  async listen(channel: string, onPayload: (payload: string) => void): Promise<void> {
    const existing = this.listeners.get(channel);
    if (existing) {
      existing.push(onPayload);
      return;
    }
    this.listeners.set(channel, [onPayload]);
    await this.exclusive;
    await this.request({ op: "listen", channel });
  }

  async close(): Promise<void> {
    await this.exclusive;
    if (!this.failure) await this.request({ op: "close" });
    await this.worker.terminate();
  }

  private send(sql: string, params: unknown[], options: QueryOptions): Promise<QueryResult> {
    const keepText = Object.keys(options.parsers ?? {}).map(Number);
    const { rowMode = "object", blob } = options;
    return this.request({ op: "query", sql, params, rowMode, keepText, blob });
  }

  private request(command: WorkerCommand): Promise<QueryResult> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    if (this.pending.size === 0) this.worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...command, id });
    });
  }

  private receive(reply: WorkerReply): void {
    if ("notification" in reply) {
      for (const listener of this.listeners.get(reply.notification) ?? []) listener(reply.payload);
      return;
    }
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker.unref();
    if ("error" in reply) waiting.reject(toError(reply.error));
    else waiting.resolve(reply.result);
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const { reject } of this.pending.values()) reject(this.failure);
    this.pending.clear();
  }
}
