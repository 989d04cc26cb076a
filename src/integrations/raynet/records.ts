// Raynet's companies, persons, leads, business cases and activities (tasks, meetings, phone calls):
// list, get, create and update, one set of tools per record type made from one description of it.
// The API's own conventions (https://app.raynetcrm.com/api/doc/index-en.html): lists page with
// offset/limit (at most 1,000) and filter with `attribute[OPERATOR]=value`; a record is created with
// PUT /<type>/ (answer { success, data: { id } }) and changed with POST /<type>/<id>/.

import { z } from "zod";
import { providers } from "../../lib/integrations/providers.ts";
import { type CodeTool, type CodeToolContext, defineCodeTool, jsonResult } from "../_kit/code-tools.ts";
import { readList } from "../_kit/list-answer.ts";
import { createFields, updateFields } from "../_kit/record-fields.ts";
import { additive, destructiveIdempotent, readOnly } from "../_kit/tool-annotations.ts";
import { id, type RecordType, recordTypes } from "./record-types.ts";

interface RaynetList {
  totalCount?: number;
  data?: unknown[];
}

const offset = z
  .number()
  .int()
  .min(0)
  .default(0)
  .describe("Index of the first record to return (0 for the first page; pass next_offset for the next).");
const limit = z
  .number()
  .int()
  .min(1)
  .max(1000)
  .default(100)
  .describe("Records per page (at most 1,000; default 100).");
const fulltext = z.string().min(1).max(200).optional().describe("Full-text search over the list.");
const operators = [
  "EQ",
  "NE",
  "EQ_OR_NULL",
  "NE_OR_NULL",
  "LT",
  "LE",
  "GT",
  "GE",
  "LIKE",
  "LIKE_NOCASE",
  "IN",
  "NOT_IN",
] as const;
const filters = z
  .array(
    z.strictObject({
      attribute: z
        .string()
        .regex(/^[A-Za-z][\w.-]{0,99}$/, "an attribute name such as name or rowInfo.updatedAt")
        .describe("The attribute, as the API names it, e.g. name, rowInfo.updatedAt, validFrom."),
      operator: z
        .enum(operators)
        .default("EQ")
        .describe(
          "EQ, NE, LT, LE, GT, GE, LIKE (% matches any text), LIKE_NOCASE, IN/NOT_IN (comma-separated), EQ_OR_NULL, NE_OR_NULL.",
        ),
      value: z.string().max(500).describe("The value; dates as yyyy-MM-dd, times as yyyy-MM-dd HH:mm."),
    }),
  )
  .max(20)
  .optional()
  .describe(
    'Further filters in Raynet\'s attribute[OPERATOR]=value form, e.g. [{"attribute": "name", "operator": "LIKE", "value": "%steel%"}].',
  );

/** What every list takes after its own filters: full text, further filters, sorting and the page. */
const listParams = (sortColumns: readonly [string, ...string[]]) => ({
  fulltext,
  filters,
  sort_column: z.enum(sortColumns).optional().describe("Sort by this attribute (default id)."),
  sort_direction: z.enum(["ASC", "DESC"]).optional().describe("ASC or DESC (default ASC)."),
  offset,
  limit,
});

type ListArgs = z.infer<z.ZodObject<ReturnType<typeof listParams>>>;

/** The page, full text and sorting in the query, as Raynet names them. */
const listQuery = (args: ListArgs): Record<string, string | number | undefined> => ({
  offset: args.offset,
  limit: args.limit,
  fulltext: args.fulltext,
  sortColumn: args.sort_column,
  sortDirection: args.sort_direction,
});

/** One page of a list: `query` with the further filters added, answered as offsetPage says. */
async function getPage(
  context: CodeToolContext,
  path: string,
  query: Record<string, string | number | undefined>,
  args: ListArgs,
) {
  for (const filter of args.filters ?? []) query[`${filter.attribute}[${filter.operator}]`] = filter.value;
  const answer = await context.request<RaynetList>({ method: "GET", path, query });
  return jsonResult(offsetPage(answer, args.offset));
}

const article = (word: string) => (/^[aeiou]/.test(word) ? "an" : "a");

/** Raynet's list answer as { totalCount, data, next_offset? }: pass next_offset as offset for the next page. */
export function offsetPage(answer: RaynetList, from: number) {
  const data = readList(answer, { items: "data" }, providers.raynet.name).items;
  const total = answer.totalCount ?? data.length;
  const next = from + data.length;
  return { totalCount: total, data, ...(data.length > 0 && next < total ? { next_offset: next } : {}) };
}

function listTool(type: RecordType): CodeTool {
  const own = Object.fromEntries(Object.entries(type.filters).map(([name, f]) => [name, f.schema]));
  return defineCodeTool({
    name: `list_${type.plural}`,
    title: `List ${type.plural.replace("_", " ")}`,
    description: `Use to find Raynet ${type.what}s by filters or full text, page by page. Returns { totalCount, data: [${type.singular}], next_offset when there are more }: call again with offset set to next_offset for the next page. Example: ${type.examples.list}.`,
    input: z.strictObject({
      ...own,
      ...listParams(type.sortColumns),
    }),
    annotations: readOnly,
    async run(args, context) {
      const query = listQuery(args);
      for (const [name, filter] of Object.entries(type.filters)) {
        const value = (args as Record<string, unknown>)[name];
        if (value !== undefined) query[filter.attribute] = String(value);
      }
      return getPage(context, `/${type.path}/`, query, args);
    },
  });
}

function getTool(type: RecordType): CodeTool {
  return defineCodeTool({
    name: `get_${type.singular}`,
    title: `Get ${article(type.singular)} ${type.singular.replace("_", " ")}`,
    description: `Use to read one Raynet ${type.what} with all its attributes by id (ids come from list_${type.plural}). Returns { data: ${type.singular} }. Example: {"id": 42}.`,
    input: z.strictObject({ id: id(`The ${type.what}'s id.`) }),
    annotations: readOnly,
    async run(args, context) {
      const answer = await context.request<{ data?: unknown }>({
        method: "GET",
        path: `/${type.path}/${args.id}/`,
      });
      return jsonResult({ data: answer.data ?? null });
    },
  });
}

function createTool(type: RecordType): CodeTool {
  const shape = createFields(type.create, type.required);
  return defineCodeTool({
    name: `create_${type.singular}`,
    title: `Create ${article(type.singular)} ${type.singular.replace("_", " ")}`,
    description: `Use to add a Raynet ${type.what}. Sending it twice creates two. Returns { id } of the new record. Example: ${type.examples.create}.`,
    input: z.strictObject(shape),
    annotations: additive,
    async run(args, context) {
      // Raynet creates with PUT; a retried PUT would create a second record.
      const answer = await context.request<{ data?: { id?: number } }>({
        method: "PUT",
        path: `/${type.path}/`,
        body: args,
        retryable: false,
      });
      return jsonResult({ id: answer.data?.id ?? null });
    },
  });
}

function updateTool(type: RecordType): CodeTool {
  const shape = updateFields({ ...type.create, ...type.updateOnly });
  return defineCodeTool({
    name: `update_${type.singular}`,
    title: `Update ${article(type.singular)} ${type.singular.replace("_", " ")}`,
    description: `Use to change attributes of a Raynet ${type.what}; attributes left out keep their value. Returns { updated: id }. Example: ${type.examples.update}.`,
    input: z
      .strictObject({ id: id(`The ${type.what}'s id.`), ...shape })
      .refine((value) => Object.keys(value).length > 1, "name at least one attribute to change"),
    annotations: destructiveIdempotent,
    async run({ id: recordId, ...fields }, context) {
      await context.request({ method: "POST", path: `/${type.path}/${recordId}/`, body: fields });
      return jsonResult({ updated: recordId });
    },
  });
}

// DELETE /company/{companyId}/ ("smazání klienta"): the answer has no body.
const deleteCompany = defineCodeTool({
  name: "delete_company",
  title: "Delete a company",
  description:
    'Use to delete a Raynet company (client) by id; Raynet refuses while other records depend on it. It cannot be undone here. Returns { deleted: id }. Example: {"id": 42}.',
  input: z.strictObject({ id: id("The company's id.") }),
  annotations: destructiveIdempotent,
  async run(args, context) {
    await context.request({ method: "DELETE", path: `/company/${args.id}/` });
    return jsonResult({ deleted: args.id });
  },
});

// GET /activity/ ("seznam aktivit"): tasks, meetings, events, e-mails, phone calls and letters in one
// list, with its own filters (companyContextFilter and personFilter take an id, no operator).
const dateTime = (what: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2})?$/, "yyyy-MM-dd or yyyy-MM-dd HH:mm")
    .optional()
    .describe(what);
const listActivities = defineCodeTool({
  name: "list_activities",
  title: "List activities",
  description:
    'Use to see all of a company\'s, person\'s or deal\'s activities at once (tasks, meetings, events, e-mails, phone calls, letters), or everything scheduled in a period. Returns { totalCount, data: [activity], next_offset when there are more }: call again with offset set to next_offset. Example: {"company_id": 42, "scheduled_from": "2026-12-01"}.',
  input: z.strictObject({
    company_id: id("Only activities about this company (in context or as a participant).").optional(),
    person_id: id("Only activities this person takes part in.").optional(),
    business_case_id: id("Only activities of this business case.").optional(),
    status: z
      .enum(["SCHEDULED", "COMPLETED", "CANCELLED"])
      .optional()
      .describe("Only activities in this status."),
    scheduled_from: dateTime("Only activities scheduled from this time on (yyyy-MM-dd or yyyy-MM-dd HH:mm)."),
    scheduled_till: dateTime("Only activities scheduled until this time (yyyy-MM-dd or yyyy-MM-dd HH:mm)."),
    ...listParams(["id", "title", "scheduledFrom"]),
  }),
  annotations: readOnly,
  async run(args, context) {
    const query = {
      ...listQuery(args),
      companyContextFilter: args.company_id,
      personFilter: args.person_id,
      "businessCase[EQ]": args.business_case_id,
      "status[EQ]": args.status,
      "scheduledFrom[GE]": args.scheduled_from,
      "scheduledTill[LE]": args.scheduled_till,
    };
    return getPage(context, "/activity/", query, args);
  },
});

export const recordTools: readonly CodeTool[] = [
  ...recordTypes.flatMap((type) => [listTool(type), getTool(type), createTool(type), updateTool(type)]),
  deleteCompany,
  listActivities,
];
