import { describe, expect, it } from "vitest";
import { CallLogQueue } from "./call-log-queue.ts";

// Rows here are JSON texts, one line each, so a chunk can be taken apart again line by line.
const row = (n: number, extra = "") => ({ n, text: `row ${n}${extra}` });
const rowsOf = (queue: CallLogQueue, size: number) =>
  [...queue.chunks(size)].map((chunk) => {
    expect(chunk.endsWith("\n")).toBe(true);
    return chunk
      .slice(0, -1)
      .split("\n")
      .map((line) => JSON.parse(line) as ReturnType<typeof row>);
  });

function queueOf(count: number, first = 0): CallLogQueue {
  const queue = new CallLogQueue();
  for (let n = first; n < first + count; n++) queue.push(JSON.stringify(row(n)));
  return queue;
}

describe("CallLogQueue", () => {
  it("gives the rows back in order, in chunks of at most the chunk size", () => {
    const chunks = rowsOf(queueOf(5), 2);
    expect(chunks.map((chunk) => chunk.length)).toEqual([2, 2, 1]);
    expect(chunks.flat()).toEqual([0, 1, 2, 3, 4].map((n) => row(n)));
    expect(rowsOf(new CallLogQueue(), 100)).toEqual([]);
  });

  it("keeps text that needs escaping or several bytes per character intact", () => {
    const queue = new CallLogQueue();
    const odd = { text: 'quote " backslash \\ newline \n ü 日本 🙂 \u2028', n: null };
    queue.push(JSON.stringify(odd));
    queue.push(JSON.stringify(row(1)));
    expect(rowsOf(queue, 10)).toEqual([[odd, row(1)]]);
  });

  it("cuts chunks at rows, not at newlines inside a row", () => {
    const queue = new CallLogQueue();
    queue.push('"first line\nsecond line"');
    queue.push("next");
    expect([...queue.chunks(1)]).toEqual(['"first line\nsecond line"\n', "next\n"]);
  });

  it("grows past its first buffer without losing or corrupting rows", () => {
    const queue = new CallLogQueue();
    const long = "ž".repeat(300);
    for (let n = 0; n < 5000; n++) queue.push(JSON.stringify(row(n, long)));
    expect(queue.length).toBe(5000);
    const rows = rowsOf(queue, 100).flat();
    expect(rows).toHaveLength(5000);
    expect(rows[4999]).toEqual(row(4999, long));
    expect(rows.every((value, index) => value.n === index)).toBe(true);
  });
});
