// Attio lists and their entries, and notes on records. Requests as documented:
// https://docs.attio.com/rest-api/endpoint-reference/lists/list-all-lists
// https://docs.attio.com/rest-api/endpoint-reference/entries/list-entries
// https://docs.attio.com/rest-api/endpoint-reference/entries/create-an-entry-add-record-to-list
// https://docs.attio.com/rest-api/endpoint-reference/notes/list-notes
// https://docs.attio.com/rest-api/endpoint-reference/notes/create-a-note
import { z } from "zod";
import { type CodeTool, defineCodeTool, jsonResult } from "../_kit/code-tools.ts";
import { additive, readOnly } from "../_kit/tool-annotations.ts";
import { filter, limit, objectSlug, offset, offsetPage, runQuery, slugOrId, sorts, uuid } from "./shared.ts";

const enc = encodeURIComponent;
const listSlug = slugOrId("The list's slug or id (from list_lists).");

const listLists = defineCodeTool({
  name: "list_lists",
  title: "List lists",
  description:
    "Use to find the workspace's lists (pipelines, watchlists…) with their slugs and the object their entries are records of. Returns { data: [{ id: { list_id }, api_slug, name, parent_object }] }. Example: {}.",
  input: z.strictObject({}),
  annotations: readOnly,
  async run(_args, context) {
    return jsonResult(await context.request<Record<string, unknown>>({ method: "GET", path: "/lists" }));
  },
});

const queryEntries = defineCodeTool({
  name: "query_entries",
  title: "Query list entries",
  description:
    'Use to read the entries of a list (e.g. deals in a sales pipeline), filtered by the list\'s own attributes such as stage. Returns { data: [{ id: { entry_id }, parent_record_id, parent_object, created_at, entry_values }], next_offset when a full page came back }: pass next_offset as offset for the next page. Example: {"list": "sales_pipeline", "filter": {"stage": "Qualified"}, "limit": 50}.',
  input: z.strictObject({ list: listSlug, filter, sorts, limit: limit(500, 50), offset }),
  annotations: readOnly,
  run: (args, context) => runQuery(context, `/lists/${enc(args.list)}/entries/query`, args),
});

const addEntry = defineCodeTool({
  name: "add_entry",
  title: "Add a record to a list",
  description:
    'Use to put a record on a list, e.g. a company into a sales pipeline, optionally with the list\'s own values (stage, owner…). The same record may be added more than once. Returns { data: { id: { entry_id }, parent_record_id, parent_object, entry_values } }. Example: {"list": "sales_pipeline", "parent_object": "companies", "parent_record_id": "891dcbfc-9141-415d-9b2a-2238a6cc012d", "entry_values": {"stage": "Lead"}}.',
  input: z.strictObject({
    list: listSlug,
    parent_object: objectSlug.describe("The slug or id of the record's object, e.g. companies."),
    parent_record_id: uuid("The id of the record to add."),
    entry_values: z
      .record(z.string().min(1).max(100), z.unknown())
      .default({})
      .describe("Values of the list's attributes for this entry, keyed by attribute slug or id."),
  }),
  annotations: additive,
  async run(args, context) {
    const answer = await context.request<Record<string, unknown>>({
      method: "POST",
      path: `/lists/${enc(args.list)}/entries`,
      body: {
        data: {
          parent_record_id: args.parent_record_id,
          parent_object: args.parent_object,
          entry_values: args.entry_values,
        },
      },
    });
    return jsonResult(answer);
  },
});

const listNotes = defineCodeTool({
  name: "list_notes",
  title: "List a record's notes",
  description:
    'Use to read the notes written on a record, newest first. Returns { data: [{ id: { note_id }, title, content_plaintext, created_at, created_by_actor }], next_offset when a full page came back }. Example: {"parent_object": "companies", "parent_record_id": "891dcbfc-9141-415d-9b2a-2238a6cc012d"}.',
  input: z.strictObject({
    parent_object: objectSlug.describe("The slug or id of the record's object."),
    parent_record_id: uuid("The record's id."),
    limit: limit(50, 10),
    offset,
  }),
  annotations: readOnly,
  async run(args, context) {
    const answer = await context.request<{ data?: unknown[] }>({
      method: "GET",
      path: "/notes",
      query: {
        parent_object: args.parent_object,
        parent_record_id: args.parent_record_id,
        limit: args.limit,
        offset: args.offset,
      },
    });
    return jsonResult(offsetPage(answer, args));
  },
});

const createNote = defineCodeTool({
  name: "create_note",
  title: "Write a note on a record",
  description:
    'Use to log a note (call summary, meeting minutes) on a person, company, deal or other record. Returns { data: { id: { note_id }, parent_object, parent_record_id, title, content_plaintext, created_at } }. Example: {"parent_object": "people", "parent_record_id": "891dcbfc-9141-415d-9b2a-2238a6cc012d", "title": "Intro call", "content": "Wants a quote for **20 seats**.", "format": "markdown"}.',
  input: z.strictObject({
    parent_object: objectSlug.describe("The slug or id of the record's object, e.g. people."),
    parent_record_id: uuid("The id of the record the note is on."),
    title: z.string().max(1000).describe("The note's title (plain text)."),
    content: z.string().max(100_000).describe("The note's body."),
    format: z
      .enum(["plaintext", "markdown"])
      .default("plaintext")
      .describe("How content is written: plaintext (default) or markdown."),
    created_at: z
      .string()
      .datetime({ offset: true })
      .optional()
      .describe("When it happened, ISO 8601; default now."),
  }),
  annotations: additive,
  async run(args, context) {
    const answer = await context.request<Record<string, unknown>>({
      method: "POST",
      path: "/notes",
      body: {
        data: {
          parent_object: args.parent_object,
          parent_record_id: args.parent_record_id,
          title: args.title,
          format: args.format,
          content: args.content,
          ...(args.created_at ? { created_at: args.created_at } : {}),
        },
      },
    });
    return jsonResult(answer);
  },
});

export const listAndNoteTools: readonly CodeTool[] = [
  listLists,
  queryEntries,
  addEntry,
  listNotes,
  createNote,
];
