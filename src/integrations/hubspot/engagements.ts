// HubSpot associations (v4), notes, owners and pipelines. Requests as documented:
// https://developers.hubspot.com/docs/api-reference/crm-associations-v4/guide
// https://developers.hubspot.com/docs/api-reference/crm-notes-v3/guide
// https://developers.hubspot.com/docs/api-reference/crm-owners-v3/guide
// https://developers.hubspot.com/docs/api-reference/crm-pipelines-v3/guide

import { z } from "zod";
import { providers } from "../../lib/integrations/providers.ts";
import { type CodeTool, defineCodeTool, jsonResult } from "../_kit/code-tools.ts";
import { readList } from "../_kit/list-answer.ts";
import { additive, idempotentWrite, readOnly } from "../_kit/tool-annotations.ts";
import { after, getPage, type HubSpotPage, objectType, page, recordId } from "./shared.ts";

const enc = encodeURIComponent;

/** HubSpot-defined association type ids from a note to each record type (associations v4 type list). */
const NOTE_TO = { contacts: 202, companies: 190, deals: 214 } as const;
const noteTarget = z
  .enum(["contacts", "companies", "deals"])
  .describe("The record's type: contacts, companies or deals.");

const listAssociations = defineCodeTool({
  name: "list_associations",
  title: "List a record's associations",
  description:
    'Use to find the records linked to one record, e.g. the companies of a contact or the contacts on a deal. Returns { results: [{ toObjectId, associationTypes: [{ category, typeId, label }] }], after when there are more }; read each with get_contact / get_company / get_deal. Example: {"objectType": "deals", "objectId": "9001", "toObjectType": "contacts"}.',
  input: z.strictObject({
    objectType,
    objectId: recordId("The record's id."),
    toObjectType: objectType.describe("The type of the linked records to list."),
    limit: z.number().int().min(1).max(500).default(100).describe("Associations per page (default 100)."),
    after,
  }),
  annotations: readOnly,
  run: (args, context) =>
    getPage(
      context,
      `/crm/v4/objects/${args.objectType}/${enc(args.objectId)}/associations/${args.toObjectType}`,
      { limit: args.limit, after: args.after },
    ),
});

const associateRecords = defineCodeTool({
  name: "associate_records",
  title: "Associate two records",
  description:
    'Use to link two records with HubSpot\'s default (unlabeled) association, e.g. a contact to a company or a deal to a contact. Linking already linked records changes nothing. Returns { status, results: [{ from, to, associationSpec }] }. Example: {"fromObjectType": "contacts", "fromObjectId": "151", "toObjectType": "companies", "toObjectId": "77"}.',
  input: z.strictObject({
    fromObjectType: objectType,
    fromObjectId: recordId("The first record's id."),
    toObjectType: objectType.describe("The second record's type."),
    toObjectId: recordId("The second record's id."),
  }),
  annotations: idempotentWrite,
  async run(args, context) {
    const answer = await context.request<Record<string, unknown>>({
      method: "PUT",
      path: `/crm/v4/objects/${args.fromObjectType}/${enc(args.fromObjectId)}/associations/default/${args.toObjectType}/${enc(args.toObjectId)}`,
    });
    return jsonResult(answer);
  },
});

const createNote = defineCodeTool({
  name: "create_note",
  title: "Add a note to a record",
  description:
    'Use to log a note (call summary, meeting minutes) on a contact, company or deal\'s timeline. Returns the note { id, properties }. Example: {"objectType": "contacts", "objectId": "151", "body": "Called Ana: wants a quote for 20 seats by Friday."}.',
  input: z.strictObject({
    objectType: noteTarget,
    objectId: recordId("The id of the record the note is on."),
    body: z.string().min(1).max(65_536).describe("The note's text (HTML allowed)."),
    timestamp: z
      .string()
      .datetime({ offset: true })
      .optional()
      .describe("When it happened, ISO 8601 (places it on the timeline); default now."),
    ownerId: z
      .string()
      .max(50)
      .optional()
      .describe("The owner shown as the note's author (an id from list_owners)."),
  }),
  annotations: additive,
  async run(args, context) {
    const note = await context.request<Record<string, unknown>>({
      method: "POST",
      path: "/crm/v3/objects/notes",
      body: {
        properties: {
          hs_timestamp: args.timestamp ?? new Date().toISOString(),
          hs_note_body: args.body,
          ...(args.ownerId ? { hubspot_owner_id: args.ownerId } : {}),
        },
        associations: [
          {
            to: { id: args.objectId },
            types: [{ associationCategory: "HUBSPOT_DEFINED", associationTypeId: NOTE_TO[args.objectType] }],
          },
        ],
      },
    });
    return jsonResult(note);
  },
});

const listNotes = defineCodeTool({
  name: "list_notes",
  title: "List the notes on a record",
  description:
    'Use to read the notes logged on a contact, company or deal. Returns { results: [{ id, properties: { hs_note_body, hs_timestamp, hubspot_owner_id } }], after when there are more }. Example: {"objectType": "deals", "objectId": "9001"}.',
  input: z.strictObject({
    objectType: noteTarget,
    objectId: recordId("The record's id."),
    limit: z.number().int().min(1).max(100).default(20).describe("Notes per page (default 20)."),
    after,
  }),
  annotations: readOnly,
  async run(args, context) {
    const linked = await context.request<HubSpotPage>({
      method: "GET",
      path: `/crm/v4/objects/${args.objectType}/${enc(args.objectId)}/associations/notes`,
      query: { limit: args.limit, after: args.after },
    });
    const { after: next } = page(linked);
    const ids = readList(linked, { items: "results" }, providers.hubspot.name).items.map((item) =>
      String((item as { toObjectId: string | number }).toObjectId),
    );
    if (ids.length === 0) return jsonResult({ results: [] });
    const notes = await context.request<{ results?: unknown[] }>({
      method: "POST",
      path: "/crm/v3/objects/notes/batch/read",
      body: {
        properties: ["hs_note_body", "hs_timestamp", "hubspot_owner_id"],
        inputs: ids.map((id) => ({ id })),
      },
    });
    const results = readList(notes, { items: "results" }, providers.hubspot.name).items;
    return jsonResult({ results, ...(next ? { after: next } : {}) });
  },
});

const listOwners = defineCodeTool({
  name: "list_owners",
  title: "List owners",
  description:
    'Use to find the HubSpot users who can own records (to assign a contact or deal, read hubspot_owner_id). Returns { results: [{ id, email, firstName, lastName, userId, teams }], after when there are more }. Example: {"email": "petr@acme.cz"}.',
  input: z.strictObject({
    email: z.string().max(320).optional().describe("Only the owner with this email address."),
    limit: z.number().int().min(1).max(500).default(100).describe("Owners per page (default 100)."),
    after,
  }),
  annotations: readOnly,
  run: (args, context) =>
    getPage(context, "/crm/v3/owners", { email: args.email, limit: args.limit, after: args.after }),
});

const listPipelines = defineCodeTool({
  name: "list_pipelines",
  title: "List pipelines and stages",
  description:
    'Use to learn the pipeline and stage ids deals (or tickets) use, e.g. before creating a deal or moving it to another stage. Returns { results: [{ id, label, displayOrder, stages: [{ id, label, displayOrder, metadata: { probability, isClosed } }] }] }. Example: {"objectType": "deals"}.',
  input: z.strictObject({
    objectType: z
      .enum(["deals", "tickets"])
      .default("deals")
      .describe("Whose pipelines: deals (default) or tickets."),
  }),
  annotations: readOnly,
  async run(args, context) {
    const answer = await context.request<Record<string, unknown>>({
      method: "GET",
      path: `/crm/v3/pipelines/${args.objectType}`,
    });
    return jsonResult(answer);
  },
});

export const engagementTools: readonly CodeTool[] = [
  listAssociations,
  associateRecords,
  createNote,
  listNotes,
  listOwners,
  listPipelines,
];
