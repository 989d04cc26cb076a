// Call-log rows waiting for the next flush, kept as text (CSV lines, see call-recorder.ts) in one growing
// buffer outside the JS heap.
//
// Why not an array of row objects: at 2,000 calls a second a queued row lives up to a second, long
// enough to survive two young-generation collections and be promoted. Queued rows were about 45 % of
// what each scavenge copied (560 KB of survivors per scavenge, 310 KB without them; pauses 2.7 ms
// against 1.6 ms), and every millisecond of pause is latency for the requests waiting behind it. Bytes
// in a Buffer are never copied by the GC. See docs/perf/gateway-decisions-2026-11.md, "Gateway latency and GC".
const INITIAL_BYTES = 256 * 1024;
const INITIAL_ROWS = 1024;
const NEWLINE = 0x0a;

export class CallLogQueue {
  private bytes = Buffer.allocUnsafe(INITIAL_BYTES);
  private used = 0;
  /** Where each row starts in `bytes`; every row is followed by a newline. */
  private starts = new Uint32Array(INITIAL_ROWS);
  private count = 0;

  /** Rows queued. */
  get length(): number {
    return this.count;
  }

  /** Queues one row, given as its text. */
  push(row: string): void {
    // A UTF-16 code unit takes at most 3 bytes in UTF-8.
    this.reserve(row.length * 3 + 1);
    this.starts[this.count++] = this.used;
    this.used += this.bytes.write(row, this.used, "utf8");
    this.bytes[this.used++] = NEWLINE;
  }

  /** The queued rows, oldest first, in chunks of at most `size` rows, each row ending with a newline. */
  *chunks(size: number): Generator<string> {
    for (let row = 0; row < this.count; row += size) {
      const end = row + size < this.count ? (this.starts[row + size] as number) : this.used;
      yield this.bytes.toString("utf8", this.starts[row], end);
    }
  }

  /** Room for `byteCount` more bytes and one more row. */
  private reserve(byteCount: number): void {
    if (this.used + byteCount > this.bytes.length) {
      const bigger = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.used + byteCount));
      this.bytes.copy(bigger, 0, 0, this.used);
      this.bytes = bigger;
    }
    if (this.count === this.starts.length) {
      const bigger = new Uint32Array(this.starts.length * 2);
      bigger.set(this.starts.subarray(0, this.count));
      this.starts = bigger;
    }
  }
}
