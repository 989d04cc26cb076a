// The services answer with Dates; the management API's schemas (and so its document and SDK) carry
// ISO 8601 strings. One mapping for every route instead of each resource's own copy of its date fields:
// `toWire` turns every Date in an answer, however deep, into its ISO string, and its type says so, so
// a route answering `toWire(answer)` is still checked against its response schema.

/** `T` as it goes over the wire: Dates become strings, everything else keeps its shape. */
export type Wire<T> = T extends Date
  ? string
  : T extends readonly (infer Item)[]
    ? Wire<Item>[]
    : T extends object
      ? { [K in keyof T]: Wire<T[K]> }
      : T;

export function toWire<T>(value: T): Wire<T> {
  return convert(value) as Wire<T>;
}

function convert(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(convert);
  // Plain records only: a class instance other than Date has no place in an answer's schema.
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, convert(item)]));
  }
  return value;
}
