// Caflou's companies, contacts, projects, tasks, invoices and time entries: list (page by page), get,
// and create (POST) / update (PATCH) where the API takes them. As Caflou API v1 documents them
// (REFERENCES.md): paths under /api/v1/{account_id}, lists answer a JSON array and take `page` and
// `per` (default 20, at most 1,000), filters go as filter[<name>], bodies are the record's fields.
import { z } from "zod";
import {
  type CodeTool,
  defineCodeTool,
  jsonResult,
} from "../../server/integrations/engine/openapi/code-tools.ts";

type Plural = "companies" | "contacts" | "projects" | "tasks" | "invoices" | "time_entries";

interface Resource {
  plural: Plural;
  singular: string;
  what: string;
  listExample: string;
  /** Body fields of POST (required ones named in `required`); absent: Caflou's create is not offered. */
  create?: z.ZodRawShape;
  required?: readonly string[];
  /** Body fields of PATCH; the create fields when absent. */
  update?: z.ZodRawShape;
  createExample?: string;
  updateExample?: string;
}

const id = (what: string) => z.number().int().positive().describe(what);
const date = (what: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "YYYY-MM-DD")
    .describe(`${what}, YYYY-MM-DD.`);
const text = (what: string, max = 255) => z.string().max(max).describe(what);
const tags = z.array(z.string().min(1).max(100)).max(50).describe("Tag names.");

const company = {
  name: text("The company's name."),
  email: text("Email."),
  phone: text("Phone.", 50),
  website: text("Website."),
  street: text("Street and number."),
  city: text("City."),
  zip: text("Postal code.", 20),
  country: text("Country."),
  id_num: text("Company registration number (IČ).", 50),
  tax_num: text("Tax number (DIČ).", 50),
  vat_payer: z.boolean().describe("Whether the company is a VAT payer."),
  description: text("Description.", 10_000),
  tags,
};
const contact = {
  name: text("The contact's full name."),
  company_id: id("The company the contact belongs to."),
  email: text("Email."),
  phone: text("Phone.", 50),
  mobile: text("Mobile phone.", 50),
  street: text("Street and number."),
  city: text("City."),
  zip: text("Postal code.", 20),
  country: text("Country."),
  note: text("A note.", 10_000),
  tags,
};
const project = {
  name: text("The project's name."),
  company_id: id("The client company's id."),
  start_date: date("Start date"),
  end_date: date("End date"),
  description: text("Description.", 10_000),
  finished: z.boolean().describe("Whether the project is finished."),
  user_ids: z.array(z.number().int().positive()).max(100).describe("Ids of the users working on it."),
  tags,
};
const task = {
  name: text("What is to be done."),
  project_id: id("The project the task belongs to."),
  company_id: id("The company the task is for."),
  start_date: date("Start date"),
  end_date: date("Due date"),
  description: text("Description.", 10_000),
  finished: z.boolean().describe("Whether the task is done."),
  target_user_id: id("The user responsible for it."),
  user_ids: z.array(z.number().int().positive()).max(100).describe("Ids of the users working on it."),
  tags,
};
const timeEntry = {
  name: text("What the time was spent on."),
  start_time: z
    .string()
    .min(1)
    .max(40)
    .describe("When the work started, ISO 8601, e.g. 2026-11-24T09:00:00+01:00."),
  end_time: z.string().min(1).max(40).describe("When the work ended, ISO 8601."),
  hours: z.number().min(0).max(24).describe("Hours worked (instead of an end time)."),
  project_id: id("The project worked on."),
  task_id: id("The task worked on."),
  company_id: id("The company the work is for."),
  notice: text("A note.", 10_000),
};

const resources: readonly Resource[] = [
  {
    plural: "companies",
    singular: "company",
    what: "companies (clients and suppliers)",
    listExample: '{"search": "acme"}',
    create: company,
    required: ["name"],
    createExample: '{"name": "Acme s.r.o.", "id_num": "12345678", "city": "Brno", "email": "info@acme.cz"}',
    updateExample: '{"id": 12, "phone": "+420 777 123 456"}',
  },
  {
    plural: "contacts",
    singular: "contact",
    what: "contact people",
    listExample: '{"company_ids": "12"}',
    create: contact,
    required: ["name"],
    createExample: '{"name": "Ana Nováková", "company_id": 12, "email": "ana@acme.cz"}',
    updateExample: '{"id": 30, "mobile": "+420 777 123 456"}',
  },
  {
    plural: "projects",
    singular: "project",
    what: "projects",
    listExample: '{"company_ids": "12", "per": 50}',
    create: project,
    required: ["name"],
    createExample:
      '{"name": "Website redesign", "company_id": 12, "start_date": "2026-12-01", "end_date": "2027-02-28"}',
    updateExample: '{"id": 5, "finished": true}',
  },
  {
    plural: "tasks",
    singular: "task",
    what: "tasks",
    listExample: '{"search": "invoice", "start_date": "2026-11-01"}',
    create: task,
    required: ["name"],
    createExample:
      '{"name": "Prepare the offer", "project_id": 5, "end_date": "2026-12-04", "target_user_id": 3}',
    updateExample: '{"id": 88, "finished": true}',
  },
  {
    plural: "invoices",
    singular: "invoice",
    what: "invoices (issued and received)",
    listExample: '{"company_ids": "12"}',
    // Issuing an invoice takes its numbering row, items and VAT set-up: left to Caflou's own screens.
    update: {
      paid: z.boolean().describe("Whether the invoice is paid."),
      payment_date: date("When it was paid"),
    },
    updateExample: '{"id": 140, "paid": true, "payment_date": "2026-11-20"}',
  },
  {
    plural: "time_entries",
    singular: "time_entry",
    what: "time entries (tracked work)",
    listExample: '{"start_date": "2026-11-01", "per": 100}',
    create: timeEntry,
    required: ["name", "start_time"],
    createExample:
      '{"name": "Client workshop", "start_time": "2026-11-24T09:00:00+01:00", "hours": 2, "project_id": 5}',
    updateExample: '{"id": 900, "hours": 2.5}',
  },
];

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

/** A list answer (a JSON array) as { page, per, data, next_page? }: a full page may have a successor. */
export function caflouPage(answer: unknown, pageNumber: number, size: number) {
  const data = Array.isArray(answer) ? answer : [];
  return {
    page: pageNumber,
    per: size,
    data,
    ...(data.length === size ? { next_page: pageNumber + 1 } : {}),
  };
}

function listTool(resource: Resource): CodeTool {
  return defineCodeTool({
    name: `list_${resource.plural}`,
    title: `List ${resource.plural.replace("_", " ")}`,
    description: `Use to list the Caflou account's ${resource.what}, optionally filtered. Returns { page, per, data: [${resource.singular}], next_page when the page was full }: call again with page set to next_page for more. Example: ${resource.listExample}.`,
    input: z.strictObject({ ...listFilters, page, per }),
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
    async run(args, context) {
      const query: Record<string, string | number> = { page: args.page, per: args.per };
      const named = { search: args.search, company_ids: args.company_ids, start_date: args.start_date };
      for (const [name, value] of Object.entries({ ...named, ...args.filters })) {
        if (value !== undefined) query[`filter[${name}]`] = value;
      }
      const answer = await context.request({ method: "GET", path: `/${resource.plural}`, query });
      return jsonResult(caflouPage(answer, args.page, args.per));
    },
  });
}

function getTool(resource: Resource): CodeTool {
  return defineCodeTool({
    name: `get_${resource.singular}`,
    title: `Get ${article(resource.singular)} ${label(resource)}`,
    description: `Use to read one Caflou ${label(resource)} with all its fields by id (ids come from list_${resource.plural}). Returns { data: ${resource.singular} }. Example: {"id": 12}.`,
    input: z.strictObject({ id: id(`The ${label(resource)}'s id.`) }),
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
    async run(args, context) {
      const answer = await context.request({ method: "GET", path: `/${resource.plural}/${args.id}` });
      return jsonResult({ data: answer ?? null });
    },
  });
}

function createTool(resource: Resource, fields: z.ZodRawShape): CodeTool {
  const shape = Object.fromEntries(
    Object.entries(fields).map(([key, field]) => [
      key,
      resource.required?.includes(key) ? field : (field as z.ZodType).optional(),
    ]),
  );
  return defineCodeTool({
    name: `create_${resource.singular}`,
    title: `Create ${article(resource.singular)} ${label(resource)}`,
    description: `Use to add a Caflou ${label(resource)}. Returns { data: what Caflou answered (the new record) }. Example: ${resource.createExample}.`,
    input: z.strictObject(shape),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
    async run(args, context) {
      const answer = await context.request({ method: "POST", path: `/${resource.plural}`, body: args });
      return jsonResult({ data: answer ?? null });
    },
  });
}

function updateTool(resource: Resource, fields: z.ZodRawShape): CodeTool {
  const shape = Object.fromEntries(
    Object.entries(fields).map(([key, field]) => [key, (field as z.ZodType).optional()]),
  );
  return defineCodeTool({
    name: `update_${resource.singular}`,
    title: `Update ${article(resource.singular)} ${label(resource)}`,
    description: `Use to change fields of a Caflou ${label(resource)}; fields left out keep their value. Returns { data: what Caflou answered }. Example: ${resource.updateExample}.`,
    input: z
      .strictObject({ id: id(`The ${label(resource)}'s id.`), ...shape })
      .refine((value) => Object.keys(value).length > 1, "name at least one field to change"),
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true },
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

export const caflouTools: readonly CodeTool[] = resources.flatMap((resource) => {
  const writes = resource.update ?? resource.create;
  return [
    listTool(resource),
    getTool(resource),
    ...(resource.create ? [createTool(resource, resource.create)] : []),
    ...(writes ? [updateTool(resource, writes)] : []),
  ];
});
