// Pipedrive notes (API v1: v2 has no notes endpoints) and item search (API v2).
// https://developers.pipedrive.com/docs/api/v1/Notes
// https://developers.pipedrive.com/docs/api/v1/ItemSearch (v2: GET /api/v2/itemSearch)

import { z } from "zod";
import { providers } from "../../lib/integrations/providers.ts";
import {
  type CodeTool,
  type CodeToolContext,
  defineCodeTool,
  jsonResult,
  type QueryValue,
} from "../_kit/code-tools.ts";
import { readList } from "../_kit/list-answer.ts";
import { additive, readOnly } from "../_kit/tool-annotations.ts";
import { cursor, type PipedriveAnswer, searchPage } from "./records.ts";

const about = {
  deal_id: z.number().int().positive().optional().describe("The deal the note is on."),
  person_id: z.number().int().positive().optional().describe("The person the note is on."),
  org_id: z.number().int().positive().optional().describe("The organization the note is on."),
};
const oneTarget = (value: { deal_id?: number; person_id?: number; org_id?: number }) =>
  value.deal_id !== undefined || value.person_id !== undefined || value.org_id !== undefined;

const listNotes = defineCodeTool({
  name: "list_notes",
  title: "List notes",
  description:
    'Use to read the notes on a deal, person or organization, newest first. Returns { data: [note: id, content, add_time, user_id, deal_id, person_id, org_id], next_start when there are more }. Example: {"deal_id": 42}. When the answer has next_start, call again with it as start.',
  input: z.strictObject({
    ...about,
    start: z.number().int().min(0).optional().describe("The next_start from the previous page."),
    limit: z.number().int().min(1).max(500).default(50).describe("Notes per page (default 50)."),
  }),
  annotations: readOnly,
  async run(args, context) {
    const answer = await context.request<PipedriveAnswer>({
      method: "GET",
      path: "/api/v1/notes",
      query: { ...args, sort: "add_time DESC" },
    });
    const pagination = answer.additional_data?.pagination;
    const next = pagination?.more_items_in_collection ? pagination.next_start : undefined;
    const { items } = readList(answer, { items: "data", nullIsEmpty: true }, providers.pipedrive.name);
    return jsonResult({ data: items, ...(next !== undefined ? { next_start: next } : {}) });
  },
});

const createNote = defineCodeTool({
  name: "create_note",
  title: "Add a note",
  description:
    'Use to log a note (call summary, meeting minutes) on a deal, person or organization. Returns { data: the note with its id }. Example: {"deal_id": 42, "content": "Ana wants a quote for 20 seats by Friday."}.',
  input: z
    .strictObject({
      content: z.string().min(1).max(100_000).describe("The note's text (HTML allowed)."),
      ...about,
    })
    .refine(oneTarget, "name the deal_id, person_id or org_id the note is on"),
  annotations: additive,
  async run(args, context) {
    const answer = await context.request<PipedriveAnswer>({
      method: "POST",
      path: "/api/v1/notes",
      body: args,
    });
    return jsonResult({ data: answer.data ?? null });
  },
});

// What both v2 searches take alike: exact matching, and cursor paging as every v2 list pages.
const exactMatch = z.boolean().optional().describe("Only exact, case-insensitive matches.");
const searchPaging = {
  limit: z.number().int().min(1).max(500).default(50).describe("Results per page (default 50)."),
  cursor,
};

/** A v2 search (GET with the arguments as query), answered as searchPage says. */
async function search(context: CodeToolContext, path: string, query: Record<string, QueryValue>) {
  const answer = await context.request<PipedriveAnswer>({ method: "GET", path, query });
  return jsonResult(searchPage(answer));
}

const searchItems = defineCodeTool({
  name: "search_items",
  title: "Search deals, persons, organizations…",
  description:
    'Use to find Pipedrive records by a name, email, phone or other text across deals, persons, organizations, products, leads and files. Returns { data: { items: [{ result_score, item: { id, type, title or name, … } }] }, next_cursor when there are more }. Example: {"term": "acme", "item_types": ["deal", "organization"]}.',
  input: z.strictObject({
    term: z
      .string()
      .min(2)
      .max(500)
      .describe("What to look for (at least 2 characters; 1 with exact_match)."),
    item_types: z
      .array(
        z.enum(["deal", "person", "organization", "product", "lead", "file", "mail_attachment", "project"]),
      )
      .max(8)
      .optional()
      .describe("Which kinds of records to search (default all)."),
    fields: z
      .array(
        z.enum([
          "address",
          "code",
          "custom_fields",
          "email",
          "name",
          "notes",
          "organization_name",
          "person_name",
          "phone",
          "title",
          "description",
        ]),
      )
      .max(11)
      .optional()
      .describe("Which fields to search in (default all)."),
    exact_match: exactMatch,
    ...searchPaging,
  }),
  annotations: readOnly,
  run: (args, context) =>
    search(context, "/api/v2/itemSearch", {
      ...args,
      item_types: args.item_types?.join(","),
      fields: args.fields?.join(","),
    }),
});

// GET /api/v2/persons/search (scope contacts:read): persons by name, email, phone, notes or custom
// fields, optionally of one organization, cursor-paged like every v2 list.
// https://developers.pipedrive.com/docs/api/v1/Persons#searchPersons
const searchPersons = defineCodeTool({
  name: "search_persons",
  title: "Search persons",
  description:
    'Use to find Pipedrive persons (contact people) by name, email, phone, notes or custom field text, optionally only those of one organization. Returns { data: { items: [{ result_score, item: { id, type, name, emails, phones, organization, … } }] }, next_cursor when there are more }. Example: {"term": "novak", "fields": ["name", "email"], "organization_id": 12}.',
  input: z.strictObject({
    term: z
      .string()
      .min(1)
      .max(500)
      .describe("What to look for (at least 2 characters; 1 with exact_match)."),
    fields: z
      .array(z.enum(["custom_fields", "email", "notes", "phone", "name"]))
      .max(5)
      .optional()
      .describe("Which fields to search in (default all)."),
    exact_match: exactMatch,
    organization_id: z
      .number()
      .int()
      .positive()
      .optional()
      .describe("Only persons linked to this organization."),
    ...searchPaging,
  }),
  annotations: readOnly,
  run: (args, context) =>
    search(context, "/api/v2/persons/search", { ...args, fields: args.fields?.join(",") }),
});

export const noteAndSearchTools: readonly CodeTool[] = [listNotes, createNote, searchItems, searchPersons];
