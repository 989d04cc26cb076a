// The embedded database thread's side (pglite-thread.ts is the request thread's). Statements arrive
// one at a time in the order sent; the other side already keeps a transaction's statements together,
// so this side only executes.
//
// `pgliteWorkerMain` is started from its own source text (`new Worker(source, { eval: true })`), so the
// server bundle needs no separate worker file: it must not use anything from this module's scope,
// only its parameters and globals. It is a real, typed and linted function all the same.

import type { MessagePort } from "node:worker_threads";
import type { PGlite } from "@electric-sql/pglite";

/** What crosses the thread boundary for a failed statement: the error's message and its fields. */
export interface SerializedError {
  name: string;
  message: string;
  fields: Record<string, unknown>;
}

export interface WorkerResult {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

/** What the request thread asks for. */
export type WorkerCommand =
  | {
      op: "query";
      sql: string;
      params: unknown[];
      rowMode: "array" | "object";
      /** Type ids to leave as text (Drizzle passes identity parsers for them). */
      keepText: number[];
      /** What `copy … from '/dev/blob'` reads. */
      blob?: string;
    }
  /** Several statements in one string, without parameters (the job library's schema and locked blocks). */
  | { op: "exec"; sql: string }
  | { op: "listen"; channel: string }
  | { op: "close" };

/** A command as sent; `id` pairs it with its reply. */
export type WorkerRequest = WorkerCommand & { id: number };

export type WorkerReply =
  | { id: number; result: WorkerResult }
  | { id: number; error: SerializedError }
  | { notification: string; payload: string };

export interface WorkerData {
  pglitePath: string;
  dataDir: string | undefined;
  /** A data folder image to load into memory (dataDir undefined), skipping initdb: tests' migrated template. */
  seed?: Uint8Array<ArrayBuffer>;
}

/** Runs in the worker: opens PGlite and answers requests. `load` is the worker's CommonJS require. */
export function pgliteWorkerMain(load: (id: string) => unknown): void {
  const { parentPort, workerData } = load("node:worker_threads") as {
    parentPort: MessagePort;
    workerData: WorkerData;
  };
  const { PGlite: PGliteClass } = load(workerData.pglitePath) as { PGlite: typeof PGlite };
  // shared_buffers 32 MB instead of PostgreSQL's 128 MB when the data folder already holds a database:
  // PGlite's WebAssembly memory holds the buffer pool, every page of it touched at start, so the default
  // was ~120 MB of the server's RSS (opened alone on an existing folder: 288 MB RSS at 128 MB, 186 MB at
  // 32 MB). The first start, which runs initdb, keeps the defaults: with the setting passed to it, that
  // start took ~90 MB more (575 MB against 487), and stayed higher. An embedded instance's working set
  // (recent call-log pages, settings) fits; colder pages come from the file.
  const { existsSync } = load("node:fs") as typeof import("node:fs");
  const initialized = workerData.dataDir !== undefined && existsSync(`${workerData.dataDir}/PG_VERSION`);
  // Opened exactly as before on a new folder (passing start parameters there, even the defaults, left
  // the first-started server at ~730 MB RSS after a minute idle instead of ~600).
  const opened =
    initialized && workerData.dataDir !== undefined
      ? PGliteClass.create(workerData.dataDir, {
          startParams: [...PGliteClass.defaultStartParams, "-c", "shared_buffers=32MB"],
        })
      : workerData.seed
        ? PGliteClass.create({ loadDataDir: new Blob([workerData.seed]) })
        : PGliteClass.create(workerData.dataDir ?? undefined);
  const keepText = (value: string) => value;

  const serializeError = (error: unknown): SerializedError => {
    const fields: Record<string, unknown> = {};
    if (error && typeof error === "object") {
      for (const [key, value] of Object.entries(error)) {
        if (value === null || ["string", "number", "boolean"].includes(typeof value)) fields[key] = value;
      }
    }
    const { name, message } = (error ?? {}) as { name?: string; message?: string };
    return { name: name ?? "Error", message: message ?? String(error), fields };
  };

  const run = async (request: WorkerRequest): Promise<WorkerResult> => {
    const db = await opened;
    switch (request.op) {
      case "query": {
        const parsers: Record<number, (value: string) => string> = {};
        for (const type of request.keepText) parsers[type] = keepText;
        const blob = request.blob === undefined ? undefined : new Blob([request.blob]);
        const result = await db.query(request.sql, request.params, {
          rowMode: request.rowMode,
          parsers,
          ...(blob ? { blob } : {}),
        });
        return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
      }
      case "exec": {
        // One row per statement: that statement's rows.
        const results = await db.exec(request.sql);
        return { rows: results.map((result) => result.rows), fields: [] };
      }
      case "listen":
        await db.listen(request.channel, (payload) =>
          parentPort.postMessage({ notification: request.channel, payload } satisfies WorkerReply),
        );
        return { rows: [], fields: [] };
      case "close":
        await db.close();
        return { rows: [], fields: [] };
    }
  };

  let queue = Promise.resolve();
  parentPort.on("message", (request: WorkerRequest) => {
    queue = queue.then(() =>
      run(request).then(
        (result) => parentPort.postMessage({ id: request.id, result } satisfies WorkerReply),
        (error: unknown) =>
          parentPort.postMessage({ id: request.id, error: serializeError(error) } satisfies WorkerReply),
      ),
    );
  });
}
