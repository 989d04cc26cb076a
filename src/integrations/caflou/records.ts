// Caflou's companies, contacts, projects, tasks, invoices and time entries: list (page by page), get,
// create (POST) / update (PATCH) and delete (DELETE) where the API takes them. As Caflou API v1
// documents them (REFERENCES.md): paths under /api/v1/{account_id}, lists take `page` and `per`
// (default 20, at most 1,000) and answer either a JSON array (the OpenAPI description) or the envelope
// { results, total_results, total_pages, page } (the client tested against the live API), filters go
// as filter[<name>], bodies are the record's fields.
import { z } from "zod";
import { type CodeTool, defineCodeTool, jsonResult } from "../_kit/code-tools.ts";
import type { ListAnswer } from "../_kit/list-answer.ts";
import { createFields, updateFields } from "../_kit/record-fields.ts";
import { additive, destructiveIdempotent, readOnly } from "../_kit/tool-annotations.ts";
import { caflouResources, date, id, type Resource } from "./resources.ts";

const page = z
  .number()
  .int()
  .min(1)
  .default(1)
  .describe("Page number, from 1 (pass next_page for the next).");
const per = z
  .number()
  .int()
  .min(1)
  .max(1000)
  .default(50)
  .describe("Records per page (Caflou's `per`; at most 1,000, default 50).");
// The filter names Caflou's documentation gives as examples; it says the others are those of its web UI.
const listFilters = {
  search: z.string().min(1).max(200).optional().describe("Text to search for (filter[search])."),
  company_ids: z
    .string()
    .regex(/^\d+(,\d+)*$/, "comma-separated ids")
    .optional()
    .describe("Only records of these companies, comma-separated ids (filter[company_ids])."),
  start_date: date("Only records from this date on (filter[start_date])").optional(),
  filters: z
    .record(z.string().regex(/^\w{1,50}$/), z.string().max(200))
    .optional()
    .describe(
      'Other filters of Caflou\'s web UI by name, sent as filter[<name>], e.g. {"finished": "false"}.',
    ),
};

const label = (resource: Resource) => resource.singular.replace("_", " ");
const article = (word: string) => (/^[aeiou]/.test(word) ? "an" : "a");

/** Where Caflou's list answers carry their records: the envelope's `results`, or the answer itself. */
const CAFLOU_LIST = { items: "results", orBareArray: true } as const;

const count = (value: unknown) => (typeof value === "number" && Number.isInteger(value) ? value : undefined);

/**
 * A list page as { page, per, data, total_results?, total_pages?, next_page? }: the envelope's totals
 * decide whether a next page exists; a bare array has one when it was full.
 */
export function caflouPage(list: ListAnswer, pageNumber: number, size: number) {
  const totalPages = count(list.envelope.total_pages);
  const totalResults = count(list.envelope.total_results);
  const more = totalPages !== undefined ? pageNumber < totalPages : list.items.length === size;
  return {
    page: pageNumber,
    per: size,
    data: list.items,
    ...(totalResults !== undefined ? { total_results: totalResults } : {}),
    ...(totalPages !== undefined ? { total_pages: totalPages } : {}),
    ...(more ? { next_page: pageNumber + 1 } : {}),
  };
}

const pageReturns = (singular: string) =>
  `Returns { page, per, data: [${singular}], total_results and total_pages when Caflou counts them, next_page when there is more }: call again with page set to next_page for more.`;

function listTool(resource: Resource): CodeTool {
  return defineCodeTool({
    name: `list_${resource.plural}`,
    title: `List ${resource.plural.replace("_", " ")}`,
    description: `Use to list the Caflou account's ${resource.what}, optionally filtered. ${pageReturns(resource.singular)} Example: ${resource.listExample}.`,
    input: z.strictObject({ ...listFilters, page, per }),
    annotations: readOnly,
    async run(args, context) {
      const query: Record<string, string | number> = { page: args.page, per: args.per };
      const named = { search: args.search, company_ids: args.company_ids, start_date: args.start_date };
      for (const [name, value] of Object.entries({ ...named, ...args.filters })) {
        if (value !== undefined) query[`filter[${name}]`] = value;
      }
      const list = await context.requestList(
        { method: "GET", path: `/${resource.plural}`, query },
        CAFLOU_LIST,
      );
      return jsonResult(caflouPage(list, args.page, args.per));
    },
  });
}

// GET /companies/{company_id}/contacts: one company's contact people, paged like every list.
const companyContacts = defineCodeTool({
  name: "list_company_contacts",
  title: "List a company's contacts",
  description: `Use to list the contact people of one Caflou company (ids from list_companies). ${pageReturns("contact")} Example: {"company_id": 12}.`,
  input: z.strictObject({ company_id: id("The company's id."), page, per }),
  annotations: readOnly,
  async run(args, context) {
    const list = await context.requestList(
      {
        method: "GET",
        path: `/companies/${args.company_id}/contacts`,
        query: { page: args.page, per: args.per },
      },
      CAFLOU_LIST,
    );
    return jsonResult(caflouPage(list, args.page, args.per));
  },
});

// GET /api/v1/accounts (outside the account's path): the accounts the signed-in user has access to.
const accounts = defineCodeTool({
  name: "list_accounts",
  title: "List accounts",
  description:
    "Use to see which Caflou accounts (companies using Caflou) the connected user can reach, with their ids and names; this connection works in the one whose id it was saved with. Returns { data: [account] }. Example: {}.",
  input: z.strictObject({}),
  annotations: readOnly,
  async run(_args, context) {
    const list = await context.requestList(
      { method: "GET", path: "/api/v1/accounts", base: "root" },
      CAFLOU_LIST,
    );
    return jsonResult({ data: list.items });
  },
});

function deleteTool(resource: Resource): CodeTool {
  return defineCodeTool({
    name: `delete_${resource.singular}`,
    title: `Delete ${article(resource.singular)} ${label(resource)}`,
    description: `Use to delete a Caflou ${label(resource)} by id; it cannot be undone here. Returns { deleted: id }. Example: {"id": 12}.`,
    input: z.strictObject({ id: id(`The ${label(resource)}'s id.`) }),
    annotations: destructiveIdempotent,
    async run(args, context) {
      await context.request({ method: "DELETE", path: `/${resource.plural}/${args.id}` });
      return jsonResult({ deleted: args.id });
    },
  });
}

function getTool(resource: Resource): CodeTool {
  return defineCodeTool({
    name: `get_${resource.singular}`,
    title: `Get ${article(resource.singular)} ${label(resource)}`,
    description: `Use to read one Caflou ${label(resource)} with all its fields by id (ids come from list_${resource.plural}). Returns { data: ${resource.singular} }. Example: {"id": 12}.`,
    input: z.strictObject({ id: id(`The ${label(resource)}'s id.`) }),
    annotations: readOnly,
    async run(args, context) {
      const answer = await context.request({ method: "GET", path: `/${resource.plural}/${args.id}` });
      return jsonResult({ data: answer ?? null });
    },
  });
}

function createTool(resource: Resource, fields: z.ZodRawShape): CodeTool {
  const shape = createFields(fields, resource.required);
  return defineCodeTool({
    name: `create_${resource.singular}`,
    title: `Create ${article(resource.singular)} ${label(resource)}`,
    description: `Use to add a Caflou ${label(resource)}. Returns { data: what Caflou answered (the new record) }. Example: ${resource.createExample}.`,
    input: z.strictObject(shape),
    annotations: additive,
    async run(args, context) {
      const answer = await context.request({ method: "POST", path: `/${resource.plural}`, body: args });
      return jsonResult({ data: answer ?? null });
    },
  });
}

function updateTool(resource: Resource, fields: z.ZodRawShape): CodeTool {
  const shape = updateFields(fields);
  return defineCodeTool({
    name: `update_${resource.singular}`,
    title: `Update ${article(resource.singular)} ${label(resource)}`,
    description: `Use to change fields of a Caflou ${label(resource)}; fields left out keep their value. Returns { data: what Caflou answered }. Example: ${resource.updateExample}.`,
    input: z
      .strictObject({ id: id(`The ${label(resource)}'s id.`), ...shape })
      .refine((value) => Object.keys(value).length > 1, "name at least one field to change"),
    annotations: destructiveIdempotent,
    async run({ id: recordId, ...changes }, context) {
      const answer = await context.request({
        method: "PATCH",
        path: `/${resource.plural}/${recordId}`,
        body: changes,
      });
      return jsonResult({ data: answer ?? null });
    },
  });
}

export const caflouTools: readonly CodeTool[] = [
  ...caflouResources.flatMap((resource) => {
    const writes = resource.listOnly ? undefined : (resource.update ?? resource.create);
    return [
      listTool(resource),
      ...(resource.listOnly ? [] : [getTool(resource)]),
      ...(resource.create ? [createTool(resource, resource.create)] : []),
      ...(writes ? [updateTool(resource, writes)] : []),
      ...(resource.deletable ? [deleteTool(resource)] : []),
    ];
  }),
  companyContacts,
  accounts,
];
