// Spans as an OTLP/HTTP protobuf ExportTraceServiceRequest, written straight into one Buffer: sizes
// first, then the bytes. Field numbers and wire types from
// opentelemetry/proto/collector/trace/v1/trace_service.proto, trace/v1/trace.proto and
// common/v1/common.proto. 2.5 times fewer bytes than the JSON (otlp-json.ts) and cheaper to write; the
// fields the OpenTelemetry JS SDK always writes (zero dropped counts, status, flags) are written too,
// so the test can compare the bytes with the SDK's own serializer.
//
// What repeats from span to span (names, attribute keys with their values, statuses) is encoded once
// and copied: the three spans of a `calculate` call have 11 such fields, and encoding each every time
// (UTF-8 lengths, then the bytes, behind nested length prefixes) was ~1 µs a span, most of a traced
// call's export (docs/perf/observability-2026-11.md, session 17). Only ids and times are written fresh.
import type { Attributes, AttributeValue, SpanRecord } from "./span-record.ts";

const STATUS_ERROR = 2;
/** Span.flags: the W3C trace flags (sampled), and whether the parent's remoteness is known / remote. */
const FLAGS_SAMPLED = 0x01;
const FLAGS_HAS_IS_REMOTE = 0x100;
const FLAGS_IS_REMOTE = 0x200;

const varintSize = (value: number) =>
  value < 0x80 ? 1 : value < 0x4000 ? 2 : value < 0x200000 ? 3 : value < 0x10000000 ? 4 : 5;

/** A length-delimited field of `length` bytes, tag included (field numbers below 16). */
const delimitedSize = (length: number) => 1 + varintSize(length) + length;

const isSmallInt = (value: number) => Number.isInteger(value) && value >= 0 && value < 0x80000000;

function anyValueSize(value: AttributeValue): number {
  if (typeof value === "string") return delimitedSize(Buffer.byteLength(value));
  if (typeof value === "boolean") return 2;
  return isSmallInt(value) ? 1 + varintSize(value) : 9;
}

const keyValueSize = (key: string, value: AttributeValue) =>
  delimitedSize(Buffer.byteLength(key)) + delimitedSize(anyValueSize(value));

function attributesSize(attributes: Attributes): number {
  let size = 0;
  for (const key in attributes) size += delimitedSize(keyValueSize(key, attributes[key] as AttributeValue));
  return size;
}

/** Unix time of a performance.now() reading as [seconds, nanoseconds], whole numbers. */
export function unixSecondsAndNanos(timeOrigin: number, reading: number): [number, number] {
  const ms = timeOrigin + reading;
  const wholeMs = Math.floor(ms);
  const nanos = Math.min(999_999, Math.round((ms - wholeMs) * 1e6));
  return [Math.floor(wholeMs / 1000), (wholeMs % 1000) * 1e6 + nanos];
}

/** Hex digit → its value, for ids (lower-case hex: ours, or checked by traceparent.ts). */
const HEX_VALUE = new Uint8Array(128);
for (let digit = 0; digit < 16; digit++) {
  HEX_VALUE[digit.toString(16).charCodeAt(0)] = digit;
  HEX_VALUE[digit.toString(16).toUpperCase().charCodeAt(0)] = digit;
}

class Writer {
  pos = 0;
  readonly buffer: Buffer;

  constructor(buffer: Buffer) {
    this.buffer = buffer;
  }

  varint(value: number): void {
    let rest = value;
    while (rest >= 0x80) {
      this.buffer[this.pos++] = (rest & 0x7f) | 0x80;
      rest = Math.floor(rest / 0x80);
    }
    this.buffer[this.pos++] = rest;
  }

  tag(field: number, wireType: number): void {
    this.varint((field << 3) | wireType);
  }

  string(field: number, value: string): void {
    this.tag(field, 2);
    this.varint(Buffer.byteLength(value));
    this.pos += this.buffer.write(value, this.pos, "utf8");
  }

  /**
   * Bytes encoded before (a cached piece). TypedArray#set, even for a few bytes: a byte loop for
   * pieces up to 48 bytes was ~12 % slower over a whole span.
   */
  bytes(piece: Uint8Array): void {
    this.buffer.set(piece, this.pos);
    this.pos += piece.length;
  }

  hexBytes(field: number, hex: string): void {
    this.tag(field, 2);
    const { buffer } = this;
    let pos = this.pos;
    buffer[pos++] = hex.length >> 1;
    for (let index = 0; index < hex.length; index += 2) {
      buffer[pos++] =
        ((HEX_VALUE[hex.charCodeAt(index)] as number) << 4) |
        (HEX_VALUE[hex.charCodeAt(index + 1)] as number);
    }
    this.pos = pos;
  }

  /**
   * A fixed64 of the reading's Unix nanoseconds (unixSecondsAndNanos' value) as two 32-bit halves, the
   * value being beyond a double's integers: whole milliseconds × 10^6 + the rest, in exact parts, with
   * divisions by powers of two (a double's % is a call to fmod).
   */
  time(field: number, timeOrigin: number, reading: number): void {
    this.tag(field, 1);
    const ms = timeOrigin + reading;
    const wholeMs = Math.floor(ms);
    const subMsNanos = Math.min(999_999, Math.round((ms - wholeMs) * 1e6));
    // nanos = wholeMs × 10^6 + subMsNanos = high × 2^20 × 10^6 + low × 10^6 + subMsNanos
    const high = Math.floor(wholeMs / 0x100000);
    const top = high * 1e6; // × 2^20: its part above 2^32 is top / 2^12
    const topAbove = Math.floor(top / 0x1000);
    const lowSum = (top - topAbove * 0x1000) * 0x100000 + (wholeMs - high * 0x100000) * 1e6 + subMsNanos;
    const carry = Math.floor(lowSum / 0x100000000);
    this.buffer.writeUInt32LE(lowSum - carry * 0x100000000, this.pos);
    this.buffer.writeUInt32LE(topAbove + carry, this.pos + 4);
    this.pos += 8;
  }

  attributes(field: number, attributes: Attributes): void {
    for (const key in attributes) this.keyValue(field, key, attributes[key] as AttributeValue);
  }

  keyValue(field: number, key: string, value: AttributeValue): void {
    this.tag(field, 2);
    this.varint(keyValueSize(key, value));
    this.string(1, key);
    this.tag(2, 2);
    this.varint(anyValueSize(value));
    if (typeof value === "string") this.string(1, value);
    else if (typeof value === "boolean") {
      this.tag(2, 0);
      this.buffer[this.pos++] = value ? 1 : 0;
    } else if (isSmallInt(value)) {
      this.tag(3, 0);
      this.varint(value);
    } else {
      this.tag(4, 1);
      this.buffer.writeDoubleLE(value, this.pos);
      this.pos += 8;
    }
  }
}

/** One field encoded alone, tag included. */
function encoded(size: number, write: (writer: Writer) => void): Uint8Array {
  const writer = new Writer(Buffer.allocUnsafe(size));
  write(writer);
  return writer.buffer;
}

// Encoded fields kept for reuse. Names and statuses are few; attribute values repeat (door, tool,
// project, organization, outcome) but some do not (a URL's path), so only short ones are kept and
// the whole cache starts again past MAX_CACHED entries.
const MAX_CACHED = 4096;
const MAX_CACHED_LENGTH = 96;
let cached = 0;
let names = new Map<string, Uint8Array>();
let statuses = new Map<string, Uint8Array>();
let keyValues = new Map<string, Map<AttributeValue, Uint8Array>>();

function remember<K>(map: Map<K, Uint8Array>, key: K, piece: Uint8Array): Uint8Array {
  if (++cached > MAX_CACHED) {
    names = new Map();
    statuses = new Map();
    keyValues = new Map();
    cached = 0;
    return piece;
  }
  map.set(key, piece);
  return piece;
}

function namePiece(name: string): Uint8Array {
  const piece = names.get(name);
  if (piece) return piece;
  const fresh = encoded(delimitedSize(Buffer.byteLength(name)), (writer) => writer.string(5, name));
  return name.length <= MAX_CACHED_LENGTH ? remember(names, name, fresh) : fresh;
}

const OK_STATUS = encoded(4, (writer) => {
  writer.tag(15, 2);
  writer.varint(2);
  writer.tag(3, 0);
  writer.varint(0);
});

function statusPiece(error: string | null): Uint8Array {
  if (!error) return OK_STATUS;
  const piece = statuses.get(error);
  if (piece) return piece;
  const size = delimitedSize(Buffer.byteLength(error)) + 2;
  const fresh = encoded(delimitedSize(size), (writer) => {
    writer.tag(15, 2);
    writer.varint(size);
    writer.string(2, error);
    writer.tag(3, 0);
    writer.varint(STATUS_ERROR);
  });
  return error.length <= MAX_CACHED_LENGTH ? remember(statuses, error, fresh) : fresh;
}

function keyValuePiece(key: string, value: AttributeValue): Uint8Array {
  let values = keyValues.get(key);
  const piece = values?.get(value);
  if (piece) return piece;
  const fresh = encoded(delimitedSize(keyValueSize(key, value)), (writer) => writer.keyValue(9, key, value));
  if (typeof value === "string" && value.length > MAX_CACHED_LENGTH) return fresh;
  if (!values) {
    values = new Map();
    keyValues.set(key, values);
  }
  return remember(values, value, fresh);
}

/**
 * A span's pieces, gathered while its size is summed and copied when it is written: name, the
 * attributes, the status. Reused from batch to batch (one array, grown to the largest batch).
 */
const pieces: Uint8Array[] = [];

/** The span's size; pushes its pieces onto `pieces` from `at`, and returns where they end in `ends`. */
function gatherSpan(span: SpanRecord, at: number): number {
  let count = at;
  let size =
    18 + // trace_id
    10 + // span_id
    (span.parentSpanId ? 10 : 0) +
    2 + // kind
    18 + // start and end times
    6 + // dropped attributes, events and links counts, all 0
    6; // flags (field 16: a two-byte tag) as fixed32
  let piece = namePiece(span.name);
  pieces[count++] = piece;
  size += piece.length;
  const { attributes } = span;
  for (const key in attributes) {
    piece = keyValuePiece(key, attributes[key] as AttributeValue);
    pieces[count++] = piece;
    size += piece.length;
  }
  piece = statusPiece(span.error);
  pieces[count++] = piece;
  size += piece.length;
  gathered = count;
  return size;
}
let gathered = 0;

/**
 * Where the last trace id and parent id were written: a call's spans are ended one after the other,
 * and share both (a child's parent is the call's span), so they are copied from there, not decoded.
 */
let lastTraceId: string | null = null;
let lastTraceIdAt = 0;
let lastParentId: string | null = null;
let lastParentIdAt = 0;

function copyWithin(writer: Writer, from: number, length: number): void {
  writer.buffer.copyWithin(writer.pos, from, from + length);
  writer.pos += length;
}

function writeSpan(writer: Writer, span: SpanRecord, size: number, first: number, end: number): void {
  const { buffer } = writer;
  writer.tag(2, 2);
  writer.varint(size);
  if (span.traceId === lastTraceId) copyWithin(writer, lastTraceIdAt, 18);
  else {
    lastTraceId = span.traceId;
    lastTraceIdAt = writer.pos;
    writer.hexBytes(1, span.traceId);
  }
  writer.hexBytes(2, span.spanId);
  if (span.parentSpanId) {
    if (span.parentSpanId === lastParentId) copyWithin(writer, lastParentIdAt, 10);
    else {
      lastParentId = span.parentSpanId;
      lastParentIdAt = writer.pos;
      writer.hexBytes(4, span.parentSpanId);
    }
  }
  writer.bytes(pieces[first] as Uint8Array); // name (5)
  buffer[writer.pos++] = (6 << 3) | 0;
  buffer[writer.pos++] = span.kind;
  writer.time(7, performanceOrigin, span.start);
  writer.time(8, performanceOrigin, span.end);
  for (let index = first + 1; index < end - 1; index++) writer.bytes(pieces[index] as Uint8Array); // attributes (9)
  // dropped_attributes_count (10), dropped_events_count (12), dropped_links_count (14): all 0.
  buffer[writer.pos++] = 10 << 3;
  buffer[writer.pos++] = 0;
  buffer[writer.pos++] = 12 << 3;
  buffer[writer.pos++] = 0;
  buffer[writer.pos++] = 14 << 3;
  buffer[writer.pos++] = 0;
  writer.bytes(pieces[end - 1] as Uint8Array); // status (15)
  writer.tag(16, 5);
  const flags = FLAGS_SAMPLED | FLAGS_HAS_IS_REMOTE | (span.parentRemote ? FLAGS_IS_REMOTE : 0);
  buffer.writeUInt32LE(flags, writer.pos);
  writer.pos += 4;
}
let performanceOrigin = 0;

/** The request body for `count` spans from `spans` starting at `first` (a ring: indexes wrap around). */
export function exportRequestProtobuf(
  resource: Attributes,
  scope: string,
  spans: ReadonlyArray<SpanRecord | undefined>,
  first: number,
  count: number,
  timeOrigin = performance.timeOrigin,
): Buffer {
  const sizes = new Int32Array(count);
  const ends = new Int32Array(count);
  let spansSize = 0;
  gathered = 0;
  for (let index = 0; index < count; index++) {
    const size = gatherSpan(spans[(first + index) % spans.length] as SpanRecord, gathered);
    sizes[index] = size;
    ends[index] = gathered;
    spansSize += delimitedSize(size);
  }
  const resourceSize = attributesSize(resource) + 2; // + dropped_attributes_count 0
  const scopeSize = delimitedSize(Buffer.byteLength(scope));
  const scopeSpansSize = delimitedSize(scopeSize) + spansSize;
  const resourceSpansSize = delimitedSize(resourceSize) + delimitedSize(scopeSpansSize);
  const writer = new Writer(Buffer.allocUnsafe(delimitedSize(resourceSpansSize)));
  writer.tag(1, 2);
  writer.varint(resourceSpansSize);
  writer.tag(1, 2);
  writer.varint(resourceSize);
  writer.attributes(1, resource);
  writer.tag(2, 0);
  writer.varint(0);
  writer.tag(2, 2);
  writer.varint(scopeSpansSize);
  writer.tag(1, 2);
  writer.varint(scopeSize);
  writer.string(1, scope);
  performanceOrigin = timeOrigin;
  lastTraceId = null;
  lastParentId = null;
  let start = 0;
  for (let index = 0; index < count; index++) {
    const span = spans[(first + index) % spans.length] as SpanRecord;
    writeSpan(writer, span, sizes[index] as number, start, ends[index] as number);
    start = ends[index] as number;
  }
  // The pieces are not kept past the batch (the cache holds what is worth keeping).
  pieces.length = 0;
  if (writer.pos !== writer.buffer.length) throw new Error("OTLP protobuf: size and bytes written differ");
  return writer.buffer;
}
