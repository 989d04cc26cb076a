// The services answer with Dates; the management API's schemas (and so its document and SDK) carry
// ISO 8601 strings. One mapping for every route instead of each resource's own copy of its date fields:
// `toWire` turns every Date in an answer, however deep, into its ISO string, and its type says so, so
// a route answering `toWire(answer)` is still checked against its response schema.
import type { z } from "zod";

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

/** A date the answer may lack, as `toWire` would carry it: for routes that pick an answer's fields one by one. */
export const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * The fields of `row` that `schema` names, in the schema's order, as they go over the wire: for answers
 * whose service row carries more than the API shows (a member's two-factor flag, a key's creator), so a
 * route names its answer's fields once, in its schema, instead of again in a mapping.
 */
export function wireFields<Shape extends z.ZodRawShape, Row extends { [K in keyof Shape]: unknown }>(
  schema: z.ZodObject<Shape>,
  row: Row,
): Wire<Pick<Row, keyof Shape>> {
  const picked = Object.fromEntries(Object.keys(schema.shape).map((key) => [key, row[key]]));
  return toWire(picked) as Wire<Pick<Row, keyof Shape>>;
}
