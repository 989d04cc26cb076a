// Caflou's companies, contacts, projects, tasks, invoices and time entries: list (page by page) and get.
// The reference (https://documenter.getpostman.com/view/4786951/RWMFrTQC) documents, for every list, a
// `page` and a `per` parameter (default 20, at most 1,000) and filters passed as filter[<name>]; the
// paths are relative to https://app.caflou.com/api/v1/{account_id}. Its per-endpoint pages could not be
// read (see REFERENCES.md), so the tools stay read-only: writes are not sent on an assumed body shape.
import { z } from "zod";
import {
  type CodeTool,
  defineCodeTool,
  jsonResult,
} from "../../server/integrations/engine/openapi/code-tools.ts";

interface Resource {
  /** Path segment and tool-name plural. */
  plural: "companies" | "contacts" | "projects" | "tasks" | "invoices" | "time_entries";
  singular: string;
  what: string;
  /** Filters besides search: argument name → filter[<name>]. */
  filters: z.ZodRawShape;
  example: string;
}

const ref = (what: string) => z.number().int().positive().optional().describe(what);

const resources: readonly Resource[] = [
  {
    plural: "companies",
    singular: "company",
    what: "companies (clients and suppliers)",
    filters: {},
    example: '{"search": "acme"}',
  },
  {
    plural: "contacts",
    singular: "contact",
    what: "contact people",
    filters: { company_id: ref("Only contacts of this company id.") },
    example: '{"company_id": 12}',
  },
  {
    plural: "projects",
    singular: "project",
    what: "projects",
    filters: {
      company_id: ref("Only projects of this company id."),
      finished: z.boolean().optional().describe("true: only finished projects; false: only open ones."),
    },
    example: '{"finished": false}',
  },
  {
    plural: "tasks",
    singular: "task",
    what: "tasks",
    filters: {
      project_id: ref("Only tasks of this project id."),
      finished: z.boolean().optional().describe("true: only finished tasks; false: only open ones."),
    },
    example: '{"project_id": 5, "finished": false}',
  },
  {
    plural: "invoices",
    singular: "invoice",
    what: "invoices (issued and received)",
    filters: {
      company_id: ref("Only invoices of this company id."),
      paid: z.boolean().optional().describe("true: only paid invoices; false: only unpaid ones."),
    },
    example: '{"paid": false, "per": 50}',
  },
  {
    plural: "time_entries",
    singular: "time_entry",
    what: "time entries (tracked work)",
    filters: {
      project_id: ref("Only time entries of this project id."),
      user_id: ref("Only time entries of this user id."),
      start_date: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, "YYYY-MM-DD")
        .optional()
        .describe("Only entries from this date on, YYYY-MM-DD."),
    },
    example: '{"project_id": 5, "start_date": "2026-11-01"}',
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
const search = z.string().min(1).max(200).optional().describe("Text to search for (filter[search]).");

/** A list answer as { page, per, data, next_page? }: a full page means there may be another. */
export function caflouPage(answer: unknown, pageNumber: number, size: number) {
  const data = Array.isArray(answer) ? answer : ((answer as { data?: unknown[] } | null)?.data ?? []);
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
    description: `Use to list the Caflou account's ${resource.what}, optionally filtered. Returns { page, per, data: [${resource.singular}], next_page when the page was full }: call again with page set to next_page for more. Example: ${resource.example}.`,
    input: z.strictObject({ search, ...resource.filters, page, per }),
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
    async run(args, context) {
      const {
        page: pageNumber,
        per: size,
        ...filters
      } = args as Record<string, unknown> & {
        page: number;
        per: number;
      };
      const query: Record<string, string | number> = { page: pageNumber, per: size };
      for (const [name, value] of Object.entries(filters)) {
        if (value !== undefined) query[`filter[${name}]`] = String(value);
      }
      const answer = await context.request({ method: "GET", path: `/${resource.plural}`, query });
      return jsonResult(caflouPage(answer, pageNumber, size));
    },
  });
}

function getTool(resource: Resource): CodeTool {
  return defineCodeTool({
    name: `get_${resource.singular}`,
    title: `Get ${resource.singular === "invoice" ? "an" : "a"} ${resource.singular.replace("_", " ")}`,
    description: `Use to read one Caflou ${resource.singular.replace("_", " ")} with all its fields by id (ids come from list_${resource.plural}). Returns { data: ${resource.singular} }. Example: {"id": 12}.`,
    input: z.strictObject({
      id: z
        .number()
        .int()
        .positive()
        .describe(`The ${resource.singular.replace("_", " ")}'s id.`),
    }),
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
    async run(args, context) {
      const answer = await context.request({ method: "GET", path: `/${resource.plural}/${args.id}` });
      return jsonResult({ data: answer ?? null });
    },
  });
}

export const caflouTools: readonly CodeTool[] = resources.flatMap((resource) => [
  listTool(resource),
  getTool(resource),
]);
