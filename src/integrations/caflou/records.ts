// Caflou's companies, contacts, projects, tasks, invoices and time entries: list (page by page), get,
// create (POST) / update (PATCH) and delete (DELETE) where the API takes them. As Caflou API v1
// documents them (REFERENCES.md): paths under /api/v1/{account_id}, lists take `page` and `per`
// (default 20, at most 1,000) and answer either a JSON array (the OpenAPI description) or the envelope
// { results, total_results, total_pages, page } (the client tested against the live API), filters go
// as filter[<name>], bodies are the record's fields.
import { z } from "zod";
import {
  type CodeTool,
  defineCodeTool,
  jsonResult,
} from "../../server/integrations/engine/openapi/code-tools.ts";
import type { ListAnswer } from "../../server/integrations/engine/openapi/list-answer.ts";

type Plural = "companies" | "contacts" | "projects" | "tasks" | "invoices" | "time_entries" | "timesheets";

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
  /** Whether a delete tool is offered (DELETE /<resource>/{id}, 204). */
  deletable?: boolean;
  /** Only list (and create): no get or update tool (timesheets, whose other operations are not asked for). */
  listOnly?: boolean;
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

// POST /invoices: the OpenAPI description requires name, kind, currency and date_of_issue; items go as
// invoice_items_attributes. It types `kind` as an integer without values, while the client tested
// against the live API sends the kind's name ("issued", "received", …): the names are taken.
const invoiceItem = z.strictObject({
  name: text("What is invoiced."),
  amount: z.number().describe("Quantity."),
  unit: text("Unit, e.g. ks or hod.", 20).optional(),
  value: z.number().describe("Price per unit."),
  vat_rate_value: z.number().min(0).max(100).optional().describe("VAT rate in percent, e.g. 21."),
  product_id: id("A product from Caflou's catalogue.").optional(),
});
const invoice = {
  name: text("The invoice's title."),
  kind: z
    .enum([
      "issued",
      "received",
      "proforma",
      "proforma_received",
      "offer",
      "offer_received",
      "order_issued",
      "order_received",
      "delivery",
    ])
    .describe("Which document: issued or received invoice, proforma, offer, order, delivery note."),
  currency: text("Currency code, e.g. CZK.", 3),
  date_of_issue: date("Issue date"),
  date_of_tax: date("Taxable supply date (needed by invoices and proformas)"),
  date_of_payment: date("Due date (needed by invoices and proformas)"),
  to_company_id: id("The customer company (issued documents)."),
  from_company_id: id("The supplier company (received documents)."),
  project_id: id("The project it belongs to."),
  numeric_row_id: id("The numbering series (Caflou's numeric rows); the account's default when left out."),
  variable_symbol: text("Variable symbol (payment reference).", 20),
  description: text("Description.", 10_000),
  note: text("A note.", 10_000),
  invoice_items_attributes: z.array(invoiceItem).max(200).describe("The invoice's items."),
  tags,
};

// POST /timesheets: the OpenAPI description requires name, start_time, end_time, hours, rate_type_id,
// unit and value (a timesheet is billable work: its rate type and the value per unit).
const timesheet = {
  name: text("What the work was."),
  start_time: z.string().min(1).max(40).describe("When the work started, ISO 8601."),
  end_time: z.string().min(1).max(40).describe("When the work ended, ISO 8601."),
  hours: z.number().min(0).max(24).describe("Hours worked."),
  rate_type_id: id("The rate type (Caflou's rate types list)."),
  unit: text("The unit billed, e.g. hod or h.", 20),
  value: z.number().min(0).describe("The price per unit."),
  currency: text("Currency code, e.g. CZK.", 3),
  project_id: id("The project worked on."),
  task_id: id("The task worked on."),
  company_id: id("The company the work is for."),
  user_id: id("The user who worked."),
  work_type_id: id("The work type."),
  description: text("Description.", 10_000),
  tags,
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
    deletable: true,
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
    deletable: true,
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
    deletable: true,
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
    deletable: true,
  },
  {
    plural: "invoices",
    singular: "invoice",
    what: "invoices (issued and received)",
    listExample: '{"company_ids": "12"}',
    create: invoice,
    required: ["name", "kind", "currency", "date_of_issue"],
    createExample:
      '{"name": "November work", "kind": "issued", "currency": "CZK", "date_of_issue": "2026-11-30", "date_of_tax": "2026-11-30", "date_of_payment": "2026-12-14", "to_company_id": 12, "invoice_items_attributes": [{"name": "Consulting", "amount": 10, "unit": "hod", "value": 1500, "vat_rate_value": 21}]}',
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
    deletable: true,
  },
  {
    plural: "timesheets",
    singular: "timesheet",
    what: "timesheets (billable work records)",
    listExample: '{"start_date": "2026-11-01"}',
    create: timesheet,
    required: ["name", "start_time", "end_time", "hours", "rate_type_id", "unit", "value"],
    createExample:
      '{"name": "Workshop", "start_time": "2026-11-24T09:00:00+01:00", "end_time": "2026-11-24T11:00:00+01:00", "hours": 2, "rate_type_id": 1, "unit": "hod", "value": 1500, "project_id": 5}',
    listOnly: true,
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
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
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
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
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
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
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
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true },
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

export const caflouTools: readonly CodeTool[] = [
  ...resources.flatMap((resource) => {
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
