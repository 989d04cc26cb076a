// What Attio's tools share: object, list and record identifiers, filter/sort objects passed through as
// Attio documents them, limit/offset paging turned into a plain next_offset, and the query call of
// records and list entries.

import { z } from "zod";
import { providers } from "../../lib/integrations/providers.ts";
import { type CodeToolContext, jsonResult } from "../_kit/code-tools.ts";
import { readList } from "../_kit/list-answer.ts";
import { itemsPerPage } from "../_kit/paging-params.ts";

export const slugOrId = (what: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,100}$/, "a slug or UUID")
    .describe(what);

export const objectSlug = slugOrId(
  'The object\'s slug or id: "people", "companies", "deals", "users", "workspaces" or a custom object\'s slug.',
);
export const uuid = (what: string) =>
  z
    .string()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, "a UUID")
    .describe(what);

export const filter = z
  .record(z.string(), z.unknown())
  .optional()
  .describe(
    'Attio filter: shorthand {"name": "Acme"} or verbose {"$and": [{"email_addresses": {"email_address": {"$eq": "ana@example.com"}}}]} (operators $eq, $contains, $starts_with, $ends_with, $lt, $lte, $gt, $gte, $in, $not_empty, $and, $or, $not).',
  );

export const sorts = z
  .array(
    z.strictObject({
      attribute: z.string().min(1).max(100).describe("The attribute's slug or id to sort by."),
      field: z.string().max(100).optional().describe("For composite attributes, the field, e.g. last_name."),
      direction: z.enum(["asc", "desc"]).describe("asc or desc."),
    }),
  )
  .max(5)
  .optional()
  .describe('Sort order, e.g. [{"attribute": "created_at", "direction": "desc"}].');

export const limit = itemsPerPage;
export const offset = z
  .number()
  .int()
  .min(0)
  .default(0)
  .describe("How many items to skip: the next_offset of the previous page.");

export const recordValues = (what: string) =>
  z
    .record(z.string().min(1).max(100), z.unknown())
    .refine((values) => Object.keys(values).length > 0, "at least one value")
    .describe(what);

/** Attio pages by limit/offset without saying whether more follow: a full page may have a next one. */
export function offsetPage(answer: unknown, args: { limit: number; offset: number }) {
  const { items } = readList(answer, { items: "data" }, providers.attio.name);
  return {
    data: items,
    ...(items.length === args.limit ? { next_offset: args.offset + args.limit } : {}),
  };
}

interface QueryArgs {
  filter?: Record<string, unknown>;
  sorts?: unknown[];
  limit: number;
  offset: number;
}

/** The body of Attio's records and entries queries: filter and sorts only when given, then the page. */
function queryBody(args: QueryArgs) {
  return {
    ...(args.filter ? { filter: args.filter } : {}),
    ...(args.sorts ? { sorts: args.sorts } : {}),
    limit: args.limit,
    offset: args.offset,
  };
}

/** A records or entries query (POST …/query): body as queryBody makes it, answer as offsetPage reads it. */
export async function runQuery(context: CodeToolContext, path: string, args: QueryArgs) {
  const answer = await context.request({ method: "POST", path, body: queryBody(args) });
  return jsonResult(offsetPage(answer, args));
}
