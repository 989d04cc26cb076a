// What holds a process's RSS, read from outside (/proc/<pid>/smaps) and, with bench/support/memory-probe.ts
// preloaded into it, from inside (each JS thread's heap as V8 counts it). bench/idle.ts prints it.
import { readFileSync, rmSync } from "node:fs";
import type { MemoryReport } from "./memory-probe.ts";

const GIB = 1024 * 1024 * 1024;

export interface SmapsBreakdown {
  rss: number;
  /** WebAssembly memories (PGlite's): a read-write mapping in front of V8's guard reservation. */
  wasm: number;
  /** The executable and libraries, mapped from their files (shared with other processes, reclaimable). */
  files: number;
  /** The main thread's malloc heap (brk). */
  mallocHeap: number;
  /** Every other anonymous mapping: V8's heap pages, other threads' malloc arenas, stacks. */
  otherAnonymous: number;
}

interface Mapping {
  start: bigint;
  end: bigint;
  perms: string;
  name: string;
  rssKb: number;
}

function mappings(pid: number): Mapping[] {
  const rows: Mapping[] = [];
  for (const line of readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      rows.push({
        start: BigInt(`0x${head[1]}`),
        end: BigInt(`0x${head[2]}`),
        perms: head[3] ?? "",
        name: head[4] ?? "",
        rssKb: 0,
      });
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    const last = rows.at(-1);
    if (rss && last) last.rssKb = Number(rss[1]);
  }
  return rows;
}

/** MB of RSS by kind of mapping. */
export function smapsBreakdown(pid: number): SmapsBreakdown {
  const rows = mappings(pid);
  const kb = { wasm: 0, files: 0, mallocHeap: 0, otherAnonymous: 0 };
  rows.forEach((row, index) => {
    const next = rows[index + 1];
    if (row.name.startsWith("/")) kb.files += row.rssKb;
    else if (row.name === "[heap]") kb.mallocHeap += row.rssKb;
    else if (
      row.perms.startsWith("rw") &&
      next?.start === row.end &&
      next.perms.startsWith("---") &&
      next.end - next.start >= BigInt(4 * GIB)
    )
      kb.wasm += row.rssKb;
    else kb.otherAnonymous += row.rssKb;
  });
  const mb = (value: number) => value / 1024;
  const total = kb.wasm + kb.files + kb.mallocHeap + kb.otherAnonymous;
  return {
    rss: mb(total),
    wasm: mb(kb.wasm),
    files: mb(kb.files),
    mallocHeap: mb(kb.mallocHeap),
    otherAnonymous: mb(kb.otherAnonymous),
  };
}

/** Asks the probe in `pid` (PORTICO_MEMORY_PROBE=`file`) for its report and reads it. */
export async function probeReport(pid: number, file: string): Promise<MemoryReport | null> {
  rmSync(file, { force: true });
  process.kill(pid, "SIGUSR2");
  for (let waited = 0; waited < 10_000; waited += 250) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    try {
      return JSON.parse(readFileSync(file, "utf8")) as MemoryReport;
    } catch {
      // Not written yet.
    }
  }
  return null;
}

/** One line per part, MB. */
export function describeMemory(smaps: SmapsBreakdown, report: MemoryReport | null): string[] {
  const f = (value: number) => value.toFixed(0);
  const lines = [
    `RSS ${f(smaps.rss)} = WebAssembly memory ${f(smaps.wasm)} + mapped files ${f(smaps.files)} + ` +
      `main malloc heap ${f(smaps.mallocHeap)} + other anonymous ${f(smaps.otherAnonymous)} (V8 heaps, thread arenas)`,
  ];
  for (const thread of report?.threads ?? []) {
    const s = thread.spaces;
    const name = thread.threadId === 0 ? "main thread" : `worker ${thread.threadId}`;
    lines.push(
      `${name}: JS heap ${f(thread.heapTotal)} committed (new ${f(s.new_space ?? 0)}, old ${f(s.old_space ?? 0)}, ` +
        `large objects ${f(s.large_object_space ?? 0)}, code ${f((s.code_space ?? 0) + (s.code_large_object_space ?? 0))}), ` +
        `${f(thread.heapUsed)} used; external ${f(thread.external)} (array buffers ${f(thread.arrayBuffers)})`,
    );
  }
  return lines;
}
