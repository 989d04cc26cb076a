// Raynet's companies, persons, leads, business cases and activities (tasks, meetings, phone calls):
// list, get, create and update, one set of tools per record type made from one description of it.
// The API's own conventions (https://app.raynetcrm.com/api/doc/index-en.html): lists page with
// offset/limit (at most 1,000) and filter with `attribute[OPERATOR]=value`; a record is created with
// PUT /<type>/ (answer { success, data: { id } }) and changed with POST /<type>/<id>/.
import { z } from "zod";
import {
  type CodeTool,
  defineCodeTool,
  jsonResult,
} from "../../server/integrations/engine/openapi/code-tools.ts";
import { RecordsSchemas as S } from "./schemas.ts";

interface RaynetList {
  totalCount?: number;
  data?: unknown[];
}

interface RecordType {
  /** The API's path segment: /company/, /businessCase/, … */
  path: string;
  /** Tool-name forms: list_<plural>, get_<singular>. */
  plural: string;
  singular: string;
  /** What it is, for descriptions. */
  what: string;
  sortColumns: [string, ...string[]];
  /** Common filters: argument name → the API's query attribute (equality unless the name says). */
  filters: Record<string, { attribute: string; schema: z.ZodType }>;
  create: z.ZodRawShape;
  required: readonly string[];
  /** Fields only an update takes (an activity's status). */
  updateOnly?: z.ZodRawShape;
  examples: { list: string; create: string; update: string };
}

const id = (what: string) => z.number().int().positive().describe(what);
const ownerFilter = {
  attribute: "owner",
  schema: id("Only records owned by this person id (a Raynet user's person record).").optional(),
};

const activityFilters = {
  owner: {
    attribute: "owner-id",
    schema: id("Only activities owned by this person id.").optional(),
  },
  status: {
    attribute: "status",
    schema: S.activityStatus.optional().describe("Only activities in this status."),
  },
  company: {
    attribute: "companyContextFilter",
    schema: id("Only activities linked to this company id.").optional(),
  },
  business_case: {
    attribute: "businessCase",
    schema: id("Only activities of this business case id.").optional(),
  },
  scheduled_from: {
    attribute: "scheduledFrom[GE]",
    schema: S.dateTime.optional().describe("Only activities scheduled from this time on, yyyy-MM-dd HH:mm."),
  },
  scheduled_till: {
    attribute: "scheduledTill[LE]",
    schema: S.dateTime
      .optional()
      .describe("Only activities scheduled to end by this time, yyyy-MM-dd HH:mm."),
  },
};
const activitySort: [string, ...string[]] = [
  "id",
  "rowInfo.createdAt",
  "rowInfo.updatedAt",
  "title",
  "scheduledFrom",
  "scheduledTill",
  "completed",
  "status",
];

const recordTypes: readonly RecordType[] = [
  {
    path: "company",
    plural: "companies",
    singular: "company",
    what: "client company (account)",
    sortColumns: ["id", "rowInfo.createdAt", "rowInfo.updatedAt", "name", "regNumber"],
    filters: {
      owner: ownerFilter,
      state: {
        attribute: "state",
        schema: S.companyState.optional().describe("Only companies in this state."),
      },
      role: {
        attribute: "role",
        schema: S.companyRole.optional().describe("Only companies with this relation."),
      },
      reg_number: {
        attribute: "regNumber",
        schema: z
          .string()
          .max(50)
          .optional()
          .describe("Only the company with this registration number (IČ)."),
      },
    },
    create: S.company,
    required: ["name", "rating", "state", "role"],
    examples: {
      list: '{"fulltext": "steel", "state": "B_ACTUAL", "limit": 20}',
      create:
        '{"name": "Steelworks s.r.o.", "rating": "A", "state": "A_POTENTIAL", "role": "A_SUBSCRIBER", "regNumber": "12345678", "addresses": [{"address": {"name": "Headquarters", "city": "Ostrava"}, "contactInfo": {"email": "info@steelworks.cz"}}]}',
      update: '{"id": 42, "state": "B_ACTUAL", "notice": "Signed the framework contract."}',
    },
  },
  {
    path: "person",
    plural: "persons",
    singular: "person",
    what: "contact person",
    sortColumns: ["id", "rowInfo.createdAt", "rowInfo.updatedAt", "firstName", "lastName"],
    filters: {
      owner: ownerFilter,
      company: {
        attribute: "primaryRelationship-company-id",
        schema: id("Only people whose primary relationship is with this company id.").optional(),
      },
      email: {
        attribute: "contactInfo.email",
        schema: z.string().max(200).optional().describe("Only the person with this email address."),
      },
    },
    create: S.person,
    required: ["lastName"],
    examples: {
      list: '{"company": 42}',
      create:
        '{"firstName": "Ana", "lastName": "Nováková", "contactInfo": {"email": "ana@steelworks.cz"}, "relationship": {"company": 42, "type": "Purchasing manager"}}',
      update: '{"id": 7, "contactInfo": {"tel1": "+420 777 123 456"}}',
    },
  },
  {
    path: "lead",
    plural: "leads",
    singular: "lead",
    what: "lead",
    sortColumns: [
      "id",
      "rowInfo.createdAt",
      "rowInfo.updatedAt",
      "code",
      "leadDate",
      "priority",
      "companyName",
    ],
    filters: {
      owner: ownerFilter,
      status: { attribute: "status", schema: S.leadStatus.optional().describe("Only leads in this status.") },
      lead_phase: { attribute: "leadPhase", schema: id("Only leads in this lead phase id.").optional() },
    },
    create: S.lead,
    required: ["topic", "priority"],
    examples: {
      list: '{"status": "B_ACTIVE", "sort_column": "leadDate", "sort_direction": "DESC"}',
      create:
        '{"topic": "Interested in 200 t of steel", "priority": "DEFAULT", "companyName": "Steelworks s.r.o.", "lastName": "Novák", "contactInfo": {"email": "novak@steelworks.cz"}}',
      update: '{"id": 172, "priority": "CRITICAL"}',
    },
  },
  {
    path: "businessCase",
    plural: "business_cases",
    singular: "business_case",
    what: "business case (deal)",
    sortColumns: ["id", "rowInfo.createdAt", "rowInfo.updatedAt", "code", "name", "validFrom", "validTill"],
    filters: {
      owner: ownerFilter,
      company: { attribute: "company", schema: id("Only business cases of this company id.").optional() },
      status: {
        attribute: "status",
        schema: S.businessCaseStatus.optional().describe("Only business cases in this status."),
      },
      phase: {
        attribute: "businessCasePhase",
        schema: id("Only business cases in this phase id (a pipeline stage).").optional(),
      },
    },
    create: S.businessCase,
    required: ["name", "company"],
    examples: {
      list: '{"company": 42, "status": "B_ACTIVE"}',
      create:
        '{"name": "Steel supply 2027", "company": 42, "totalAmount": 250000, "probability": 40, "validFrom": "2026-12-01"}',
      update: '{"id": 15, "businessCasePhase": 4, "probability": 70}',
    },
  },
  {
    path: "task",
    plural: "tasks",
    singular: "task",
    what: "task",
    sortColumns: [...activitySort, "deadline"],
    filters: activityFilters,
    create: S.task,
    required: ["title", "priority", "owner", "resolver", "deadline"],
    updateOnly: { status: S.activityStatus.optional().describe("The task's status.") },
    examples: {
      list: '{"owner": 3, "status": "NEW"}',
      create:
        '{"title": "Send the price list", "priority": "DEFAULT", "owner": 3, "resolver": 3, "deadline": "2026-12-04 12:00", "company": 42}',
      update: '{"id": 301, "status": "COMPLETED", "completed": "2026-12-03 15:30"}',
    },
  },
  {
    path: "meeting",
    plural: "meetings",
    singular: "meeting",
    what: "meeting",
    sortColumns: activitySort,
    filters: activityFilters,
    create: S.meeting,
    required: ["title", "priority", "owner"],
    updateOnly: { status: S.activityStatus.optional().describe("The meeting's status.") },
    examples: {
      list: '{"company": 42, "scheduled_from": "2026-12-01 00:00"}',
      create:
        '{"title": "Contract review", "priority": "DEFAULT", "owner": 3, "company": 42, "scheduledFrom": "2026-12-08 10:00", "scheduledTill": "2026-12-08 11:00"}',
      update: '{"id": 88, "scheduledFrom": "2026-12-09 10:00", "scheduledTill": "2026-12-09 11:00"}',
    },
  },
  {
    path: "phoneCall",
    plural: "phone_calls",
    singular: "phone_call",
    what: "phone call",
    sortColumns: activitySort,
    filters: activityFilters,
    create: S.phoneCall,
    required: ["title", "priority", "owner"],
    updateOnly: { status: S.activityStatus.optional().describe("The call's status.") },
    examples: {
      list: '{"business_case": 15}',
      create:
        '{"title": "Call Ana about the quote", "priority": "DEFAULT", "owner": 3, "person": 7, "scheduledFrom": "2026-12-05 09:30"}',
      update: '{"id": 120, "status": "COMPLETED", "solution": "She accepts the quote."}',
    },
  },
];

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

const article = (word: string) => (/^[aeiou]/.test(word) ? "an" : "a");

/** Raynet's list answer as { totalCount, data, next_offset? }: pass next_offset as offset for the next page. */
export function offsetPage(answer: RaynetList, from: number) {
  const data = answer.data ?? [];
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
      fulltext,
      filters,
      sort_column: z.enum(type.sortColumns).optional().describe("Sort by this attribute (default id)."),
      sort_direction: z.enum(["ASC", "DESC"]).optional().describe("ASC or DESC (default ASC)."),
      offset,
      limit,
    }),
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
    async run(args, context) {
      const query: Record<string, string | number | undefined> = {
        offset: args.offset,
        limit: args.limit,
        fulltext: args.fulltext,
        sortColumn: args.sort_column,
        sortDirection: args.sort_direction,
      };
      for (const [name, filter] of Object.entries(type.filters)) {
        const value = (args as Record<string, unknown>)[name];
        if (value !== undefined) query[filter.attribute] = String(value);
      }
      for (const filter of args.filters ?? []) {
        query[`${filter.attribute}[${filter.operator}]`] = filter.value;
      }
      const answer = await context.request<RaynetList>({ method: "GET", path: `/${type.path}/`, query });
      return jsonResult(offsetPage(answer, args.offset));
    },
  });
}

function getTool(type: RecordType): CodeTool {
  return defineCodeTool({
    name: `get_${type.singular}`,
    title: `Get ${article(type.singular)} ${type.singular.replace("_", " ")}`,
    description: `Use to read one Raynet ${type.what} with all its attributes by id (ids come from list_${type.plural}). Returns { data: ${type.singular} }. Example: {"id": 42}.`,
    input: z.strictObject({ id: id(`The ${type.what}'s id.`) }),
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
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
  const shape = Object.fromEntries(
    Object.entries(type.create).map(([key, field]) => [
      key,
      type.required.includes(key) ? field : (field as z.ZodType).optional(),
    ]),
  );
  return defineCodeTool({
    name: `create_${type.singular}`,
    title: `Create ${article(type.singular)} ${type.singular.replace("_", " ")}`,
    description: `Use to add a Raynet ${type.what}. Sending it twice creates two. Returns { id } of the new record. Example: ${type.examples.create}.`,
    input: z.strictObject(shape),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
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
  const shape = Object.fromEntries(
    Object.entries({ ...type.create, ...type.updateOnly }).map(([key, field]) => [
      key,
      (field as z.ZodType).optional(),
    ]),
  );
  return defineCodeTool({
    name: `update_${type.singular}`,
    title: `Update ${article(type.singular)} ${type.singular.replace("_", " ")}`,
    description: `Use to change attributes of a Raynet ${type.what}; attributes left out keep their value. Returns { updated: id }. Example: ${type.examples.update}.`,
    input: z
      .strictObject({ id: id(`The ${type.what}'s id.`), ...shape })
      .refine((value) => Object.keys(value).length > 1, "name at least one attribute to change"),
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true },
    async run({ id: recordId, ...fields }, context) {
      await context.request({ method: "POST", path: `/${type.path}/${recordId}/`, body: fields });
      return jsonResult({ updated: recordId });
    },
  });
}

export const recordTools: readonly CodeTool[] = recordTypes.flatMap((type) => [
  listTool(type),
  getTool(type),
  createTool(type),
  updateTool(type),
]);
