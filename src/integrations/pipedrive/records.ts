// Pipedrive's deals, persons, organizations and activities on API v2: list (cursor paging), get, create
// and update (PATCH), one set of tools per entity made from one description of it. Every call goes to
// the company's own api_domain from the OAuth token answer (connection-auth.ts).
// https://developers.pipedrive.com/docs/api/v1/Deals (v2 endpoints: GET/POST /api/v2/deals, GET/PATCH /api/v2/deals/{id})
// https://pipedrive.readme.io/docs/core-api-concepts-pagination

import { z } from "zod";
import { providers } from "../../lib/integrations/providers.ts";
import { type CodeTool, defineCodeTool, jsonResult } from "../_kit/code-tools.ts";
import { readList } from "../_kit/list-answer.ts";
import { createFields, updateFields } from "../_kit/record-fields.ts";
import { additive, destructiveIdempotent, readOnly } from "../_kit/tool-annotations.ts";

export interface PipedriveAnswer {
  success?: boolean;
  data?: unknown;
  additional_data?: {
    next_cursor?: string | null;
    pagination?: { more_items_in_collection?: boolean; next_start?: number };
  } | null;
}

/** Pipedrive's list answer as { data, next_cursor? }: pass next_cursor back as `cursor` for the next page. */
export function cursorPage(answer: PipedriveAnswer) {
  const next = answer.additional_data?.next_cursor;
  const { items } = readList(answer, { items: "data", nullIsEmpty: true }, providers.pipedrive.name);
  return { data: items, ...(next ? { next_cursor: next } : {}) };
}

/** A v2 search answer ({ data: { items: [{ result_score, item }] } }) as { data: { items }, next_cursor? }. */
export function searchPage(answer: PipedriveAnswer) {
  const next = answer.additional_data?.next_cursor;
  const inner = typeof answer === "object" && answer !== null ? answer.data : undefined;
  const { items } = readList(inner, { items: "items" }, providers.pipedrive.name);
  return { data: { items }, ...(next ? { next_cursor: next } : {}) };
}

export const entityId = (what: string) => z.number().int().positive().describe(what);
export const cursor = z.string().max(500).optional().describe("The next_cursor from the previous page.");
const limit = z
  .number()
  .int()
  .min(1)
  .max(500)
  .default(50)
  .describe("Items per page (at most 500; default 50).");
const ownerId = z.number().int().positive().optional().describe("The owning user's id.");
const customFields = z
  .record(z.string().min(1).max(100), z.unknown())
  .optional()
  .describe("Custom field values by field key (the 40-character hash of the field).");
const visibleTo = z
  .union([z.literal(1), z.literal(3), z.literal(5), z.literal(7)])
  .optional()
  .describe("Visibility: 1 owner only, 3 owner's group, 5 owner's group and sub-groups, 7 entire company.");
const contact = (what: string) =>
  z
    .array(
      z.strictObject({
        value: z.string().min(1).max(255).describe(`The ${what}.`),
        primary: z.boolean().optional().describe("Whether it is the primary one."),
        label: z.string().max(50).optional().describe("work, home, mobile or other."),
      }),
    )
    .max(20)
    .optional()
    .describe(
      `${what[0]?.toUpperCase()}${what.slice(1)}s, e.g. [{"value": "…", "primary": true, "label": "work"}].`,
    );

interface Entity {
  /** Path segment on /api/v2 and tool-name plural. */
  plural: "deals" | "persons" | "organizations" | "activities";
  singular: string;
  filters: z.ZodRawShape;
  fields: z.ZodRawShape;
  /** Fields a new one must have. */
  required: readonly string[];
  listExample: string;
  createExample: string;
  updateExample: string;
}

const sortBy = (fields: [string, ...string[]]) => ({
  sort_by: z.enum(fields).optional().describe(`Sort field (default id).`),
  sort_direction: z.enum(["asc", "desc"]).optional().describe("Sort direction (default asc)."),
});

const entities: readonly Entity[] = [
  {
    plural: "deals",
    singular: "deal",
    filters: {
      owner_id: ownerId,
      person_id: z.number().int().positive().optional().describe("Only deals of this person."),
      org_id: z.number().int().positive().optional().describe("Only deals of this organization."),
      pipeline_id: z.number().int().positive().optional().describe("Only deals in this pipeline."),
      stage_id: z.number().int().positive().optional().describe("Only deals in this stage."),
      status: z
        .enum(["open", "won", "lost", "deleted"])
        .optional()
        .describe("Only deals with this status (default all but deleted)."),
      updated_since: z
        .string()
        .optional()
        .describe("Only deals updated at or after this time, RFC 3339, e.g. 2026-03-01T00:00:00Z."),
      ...sortBy(["id", "update_time", "add_time"]),
    },
    fields: {
      title: z.string().min(1).max(255).describe("The deal's title."),
      value: z.number().optional().describe("The deal's value."),
      currency: z.string().length(3).optional().describe("Currency of the value, ISO 4217, e.g. EUR."),
      person_id: z.number().int().positive().optional().describe("The linked person's id."),
      org_id: z.number().int().positive().optional().describe("The linked organization's id."),
      pipeline_id: z.number().int().positive().optional().describe("The pipeline's id."),
      stage_id: z
        .number()
        .int()
        .positive()
        .optional()
        .describe("The stage's id (setting it moves the deal to that stage)."),
      status: z.enum(["open", "won", "lost"]).optional().describe("open, won or lost."),
      lost_reason: z.string().max(255).optional().describe("Why the deal was lost (with status lost)."),
      expected_close_date: z.string().date().optional().describe("Expected close date, YYYY-MM-DD."),
      probability: z.number().min(0).max(100).optional().describe("Success probability in percent."),
      owner_id: ownerId,
      visible_to: visibleTo,
      custom_fields: customFields,
    },
    required: ["title"],
    listExample: '{"stage_id": 3, "status": "open", "limit": 20}',
    createExample: '{"title": "Acme renewal", "value": 5000, "currency": "EUR", "org_id": 12, "stage_id": 1}',
    updateExample: '{"id": 42, "stage_id": 4}',
  },
  {
    plural: "persons",
    singular: "person",
    filters: {
      owner_id: ownerId,
      org_id: z.number().int().positive().optional().describe("Only people of this organization."),
      updated_since: z.string().optional().describe("Only people updated at or after this time, RFC 3339."),
      ...sortBy(["id", "update_time", "add_time"]),
    },
    fields: {
      name: z.string().min(1).max(255).describe("The person's full name."),
      emails: contact("email address"),
      phones: contact("phone number"),
      org_id: z.number().int().positive().optional().describe("The organization the person belongs to."),
      owner_id: ownerId,
      visible_to: visibleTo,
      custom_fields: customFields,
    },
    required: ["name"],
    listExample: '{"org_id": 12}',
    createExample:
      '{"name": "Ana Novak", "emails": [{"value": "ana@example.com", "primary": true}], "org_id": 12}',
    updateExample: '{"id": 7, "phones": [{"value": "+420 777 123 456", "primary": true}]}',
  },
  {
    plural: "organizations",
    singular: "organization",
    filters: {
      owner_id: ownerId,
      updated_since: z
        .string()
        .optional()
        .describe("Only organizations updated at or after this time, RFC 3339."),
      ...sortBy(["id", "update_time", "add_time"]),
    },
    fields: {
      name: z.string().min(1).max(255).describe("The organization's name."),
      address: z
        .strictObject({ value: z.string().max(500).describe("The full address as one line.") })
        .optional()
        .describe("The organization's address."),
      owner_id: ownerId,
      visible_to: visibleTo,
      custom_fields: customFields,
    },
    required: ["name"],
    listExample: '{"limit": 100}',
    createExample: '{"name": "Acme s.r.o.", "address": {"value": "Vinohradská 12, Praha"}}',
    updateExample: '{"id": 12, "name": "Acme a.s."}',
  },
  {
    plural: "activities",
    singular: "activity",
    filters: {
      owner_id: ownerId,
      deal_id: z.number().int().positive().optional().describe("Only activities of this deal."),
      person_id: z.number().int().positive().optional().describe("Only activities of this person."),
      org_id: z.number().int().positive().optional().describe("Only activities of this organization."),
      done: z.boolean().optional().describe("true: only done ones; false: only open ones."),
      updated_since: z
        .string()
        .optional()
        .describe("Only activities updated at or after this time, RFC 3339."),
      ...sortBy(["id", "update_time", "add_time", "due_date"]),
    },
    fields: {
      subject: z.string().min(1).max(255).describe("What the activity is, e.g. Call Ana about the quote."),
      type: z
        .string()
        .max(50)
        .optional()
        .describe("The activity type's key: call, meeting, task, deadline, email, lunch…"),
      due_date: z.string().date().optional().describe("Due date, YYYY-MM-DD."),
      due_time: z
        .string()
        .regex(/^\d{2}:\d{2}$/, "HH:MM")
        .optional()
        .describe("Due time, HH:MM (UTC)."),
      duration: z
        .string()
        .regex(/^\d{2}:\d{2}$/, "HH:MM")
        .optional()
        .describe("Duration, HH:MM."),
      deal_id: z.number().int().positive().optional().describe("The deal it belongs to."),
      org_id: z.number().int().positive().optional().describe("The organization it belongs to."),
      participants: z
        .array(
          z.strictObject({
            person_id: z.number().int().positive().describe("A participant's person id."),
            primary: z.boolean().describe("Whether this is the primary participant."),
          }),
        )
        .max(50)
        .optional()
        .describe("People taking part."),
      note: z.string().max(100_000).optional().describe("A note on the activity (HTML allowed)."),
      done: z.boolean().optional().describe("Whether it is done."),
      owner_id: ownerId,
    },
    required: ["subject"],
    listExample: '{"deal_id": 42, "done": false}',
    createExample:
      '{"subject": "Call Ana", "type": "call", "due_date": "2026-03-05", "due_time": "09:30", "deal_id": 42}',
    updateExample: '{"id": 301, "done": true}',
  },
];

function listTool(entity: Entity): CodeTool {
  return defineCodeTool({
    name: `list_${entity.plural}`,
    title: `List ${entity.plural}`,
    description: `Use to list Pipedrive ${entity.plural}, optionally filtered; to find one by name or email use search_items. Returns { data: [${entity.singular}], next_cursor when there are more }. Example: ${entity.listExample}. When the answer has next_cursor, call again with it as cursor.`,
    input: z.strictObject({ ...entity.filters, limit, cursor }),
    annotations: readOnly,
    async run(args, context) {
      const answer = await context.request<PipedriveAnswer>({
        method: "GET",
        path: `/api/v2/${entity.plural}`,
        query: args as Record<string, string | number | boolean | undefined>,
      });
      return jsonResult(cursorPage(answer));
    },
  });
}

function getTool(entity: Entity): CodeTool {
  return defineCodeTool({
    name: `get_${entity.singular}`,
    title: `Get ${entity.singular === "activity" ? "an" : "a"} ${entity.singular}`,
    description: `Use to read one Pipedrive ${entity.singular} with all its fields by id. Returns { data: ${entity.singular} }. Example: {"id": 42}.`,
    input: z.strictObject({ id: entityId(`The ${entity.singular}'s id.`) }),
    annotations: readOnly,
    async run(args, context) {
      const answer = await context.request<PipedriveAnswer>({
        method: "GET",
        path: `/api/v2/${entity.plural}/${args.id}`,
      });
      return jsonResult({ data: answer.data ?? null });
    },
  });
}

function createTool(entity: Entity): CodeTool {
  const shape = createFields(entity.fields, entity.required);
  return defineCodeTool({
    name: `create_${entity.singular}`,
    title: `Create ${entity.singular === "activity" || entity.singular === "organization" ? "an" : "a"} ${entity.singular}`,
    description: `Use to add a Pipedrive ${entity.singular}. Returns { data: the new ${entity.singular} with its id }. Example: ${entity.createExample}.`,
    input: z.strictObject(shape),
    annotations: additive,
    async run(args, context) {
      const answer = await context.request<PipedriveAnswer>({
        method: "POST",
        path: `/api/v2/${entity.plural}`,
        body: args,
      });
      return jsonResult({ data: answer.data ?? null });
    },
  });
}

function updateTool(entity: Entity): CodeTool {
  const shape = updateFields(entity.fields);
  return defineCodeTool({
    name: `update_${entity.singular}`,
    title: `Update ${entity.singular === "activity" || entity.singular === "organization" ? "an" : "a"} ${entity.singular}`,
    description: `Use to change fields of a Pipedrive ${entity.singular}${entity.plural === "deals" ? " (set stage_id to move it through the pipeline, status to won or lost to close it)" : ""}; fields left out keep their value. Returns { data: the updated ${entity.singular} }. Example: ${entity.updateExample}.`,
    input: z
      .strictObject({ id: entityId(`The ${entity.singular}'s id.`), ...shape })
      .refine((value) => Object.keys(value).length > 1, "name at least one field to change"),
    annotations: destructiveIdempotent,
    async run({ id, ...fields }, context) {
      const answer = await context.request<PipedriveAnswer>({
        method: "PATCH",
        path: `/api/v2/${entity.plural}/${id}`,
        body: fields,
      });
      return jsonResult({ data: answer.data ?? null });
    },
  });
}

export const recordTools: readonly CodeTool[] = entities.flatMap((entity) => [
  listTool(entity),
  getTool(entity),
  createTool(entity),
  updateTool(entity),
]);
