// Caflou's records as its API v1 documents them (REFERENCES.md): each resource's path, names and the body
// fields of its create and update, from which records.ts makes the tools.
import { z } from "zod";

type Plural = "companies" | "contacts" | "projects" | "tasks" | "invoices" | "time_entries" | "timesheets";

export interface Resource {
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

export const id = (what: string) => z.number().int().positive().describe(what);
export const date = (what: string) =>
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

export const caflouResources: readonly Resource[] = [
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
