// Attio objects and records: list and get objects; query, search, get, create and update records (v2,
// values under data.values). Requests as documented:
// https://docs.attio.com/rest-api/endpoint-reference/objects/list-objects
// https://docs.attio.com/rest-api/endpoint-reference/objects/get-an-object
// https://docs.attio.com/rest-api/endpoint-reference/records/list-records
// https://docs.attio.com/rest-api/endpoint-reference/records/search-records
// https://docs.attio.com/rest-api/endpoint-reference/records/get-a-record
// https://docs.attio.com/rest-api/endpoint-reference/records/create-a-record
// https://docs.attio.com/rest-api/endpoint-reference/records/update-a-record-append-multiselect-values
import { z } from "zod";
import { type CodeTool, defineCodeTool, jsonResult } from "../_kit/code-tools.ts";
import { additive, destructiveIdempotent, readOnly } from "../_kit/tool-annotations.ts";
import { filter, limit, objectSlug, offset, recordValues, runQuery, sorts, uuid } from "./shared.ts";

type DataAnswer = { data?: unknown };
const enc = encodeURIComponent;

const listObjects = defineCodeTool({
  name: "list_objects",
  title: "List objects",
  description:
    "Use to learn which objects the workspace has (people, companies, deals, custom objects) and their slugs, before querying or creating records. Returns { data: [{ id: { object_id }, api_slug, singular_noun, plural_noun }] }. Example: {}.",
  input: z.strictObject({}),
  annotations: readOnly,
  async run(_args, context) {
    return jsonResult(await context.request<Record<string, unknown>>({ method: "GET", path: "/objects" }));
  },
});

const getObject = defineCodeTool({
  name: "get_object",
  title: "Get an object",
  description:
    'Use to read one object\'s definition by slug or id. Returns { data: { id: { object_id }, api_slug, singular_noun, plural_noun, created_at } }. Example: {"object": "companies"}.',
  input: z.strictObject({ object: objectSlug }),
  annotations: readOnly,
  async run(args, context) {
    return jsonResult(
      await context.request<Record<string, unknown>>({ method: "GET", path: `/objects/${enc(args.object)}` }),
    );
  },
});

const queryRecords = defineCodeTool({
  name: "query_records",
  title: "Query records",
  description:
    'Use to list an object\'s records, filtered and sorted exactly (up-to-date, unlike search_records). Returns { data: [{ id: { record_id }, created_at, web_url, values: { <attribute>: [{ value… }] } }], next_offset when a full page came back }: pass next_offset as offset for the next page. Example: {"object": "companies", "filter": {"domains": "acme.com"}, "sorts": [{"attribute": "name", "direction": "asc"}], "limit": 25}.',
  input: z.strictObject({ object: objectSlug, filter, sorts, limit: limit(500, 50), offset }),
  annotations: readOnly,
  run: (args, context) => runQuery(context, `/objects/${enc(args.object)}/records/query`, args),
});

const searchRecords = defineCodeTool({
  name: "search_records",
  title: "Search records",
  description:
    'Use to find records by a fuzzy text match across objects: names, domains, emails, phone numbers and social handles of people and companies, labels of other records. Results are eventually consistent (use query_records for exact, current filters). Returns { data: [{ id: { record_id, object_id }, object_slug, record_text, domains, email_addresses }] }. Example: {"query": "acme", "objects": ["companies", "people"]}.',
  input: z.strictObject({
    query: z.string().max(256).describe("The text to search for (empty returns recent records)."),
    objects: z
      .array(objectSlug)
      .min(1)
      .max(20)
      .describe('The objects to search, by slug or id, e.g. ["people", "companies"].'),
    limit: limit(25, 10),
  }),
  annotations: readOnly,
  async run(args, context) {
    const answer = await context.request<Record<string, unknown>>({
      method: "POST",
      path: "/objects/records/search",
      // The connection acts for the whole workspace, not one member.
      body: {
        query: args.query,
        limit: args.limit,
        objects: args.objects,
        request_as: { type: "workspace" },
      },
    });
    return jsonResult(answer);
  },
});

const getRecord = defineCodeTool({
  name: "get_record",
  title: "Get a record",
  description:
    'Use to read one record with all its attribute values. Returns { data: { id: { record_id }, created_at, web_url, values: { <attribute>: [ … ] } } }. Example: {"object": "people", "record_id": "891dcbfc-9141-415d-9b2a-2238a6cc012d"}.',
  input: z.strictObject({ object: objectSlug, record_id: uuid("The record's id.") }),
  annotations: readOnly,
  async run(args, context) {
    const answer = await context.request<DataAnswer>({
      method: "GET",
      path: `/objects/${enc(args.object)}/records/${args.record_id}`,
    });
    return jsonResult(answer as Record<string, unknown>);
  },
});

const createRecord = defineCodeTool({
  name: "create_record",
  title: "Create a record",
  description:
    'Use to add a record (a person, company, deal or custom object record). Values are keyed by attribute slug; simple values may be given plainly (Attio accepts a string for text, an array of strings for emails and domains). Fails on a unique-attribute conflict (e.g. an existing domain). Returns { data: { id: { record_id }, values } }. Example: {"object": "companies", "values": {"name": "Acme", "domains": ["acme.com"]}}.',
  input: z.strictObject({
    object: objectSlug,
    values: recordValues("The new record's attribute values, keyed by attribute slug or id."),
  }),
  annotations: additive,
  async run(args, context) {
    const answer = await context.request<DataAnswer>({
      method: "POST",
      path: `/objects/${enc(args.object)}/records`,
      body: { data: { values: args.values } },
    });
    return jsonResult(answer as Record<string, unknown>);
  },
});

// Assert a record (PUT /v2/objects/{object}/records?matching_attribute=…): an upsert on a unique
// attribute. https://docs.attio.com/rest-api/endpoint-reference/records/assert-a-record
const assertRecord = defineCodeTool({
  name: "assert_record",
  title: "Create or update a record",
  description:
    'Use to create a record or update the existing one with the same value of a unique attribute (an upsert: a person by email_addresses, a company by domains). Values of multi-value attributes are added to the existing ones. Fails when several records match. Returns { data: { id: { record_id }, values } }. Example: {"object": "companies", "matching_attribute": "domains", "values": {"domains": ["acme.com"], "name": "Acme"}}.',
  input: z.strictObject({
    object: objectSlug,
    matching_attribute: z
      .string()
      .min(1)
      .max(100)
      .describe(
        "The unique attribute (slug or id) that finds the existing record; it must be among the values.",
      ),
    values: recordValues("The record's attribute values, keyed by attribute slug or id."),
  }),
  annotations: destructiveIdempotent,
  async run(args, context) {
    const answer = await context.request<DataAnswer>({
      method: "PUT",
      path: `/objects/${enc(args.object)}/records`,
      query: { matching_attribute: args.matching_attribute },
      body: { data: { values: args.values } },
    });
    return jsonResult(answer as Record<string, unknown>);
  },
});

// Identify (GET /v2/self): the token, its scopes and its workspace.
// https://docs.attio.com/rest-api/endpoint-reference/meta/identify
const identify = defineCodeTool({
  name: "identify",
  title: "Identify the connection",
  description:
    "Use to see which Attio workspace the connection reaches and what its token may do. Returns { active, scope, workspace_id, workspace_name, workspace_slug, authorized_by_workspace_member_id, … }. Example: {}.",
  input: z.strictObject({}),
  annotations: readOnly,
  async run(_args, context) {
    return jsonResult(await context.request<Record<string, unknown>>({ method: "GET", path: "/self" }));
  },
});

const updateRecord = defineCodeTool({
  name: "update_record",
  title: "Update a record",
  description:
    'Use to change attribute values of a record; attributes you leave out keep their value, and values of multi-select attributes are added to the existing ones. Returns { data: { id: { record_id }, values } }. Example: {"object": "deals", "record_id": "bf071e1f-6035-429d-b874-d83ea64ea13b", "values": {"stage": "Won"}}.',
  input: z.strictObject({
    object: objectSlug,
    record_id: uuid("The record's id."),
    values: recordValues("The attribute values to change, keyed by attribute slug or id."),
  }),
  annotations: destructiveIdempotent,
  async run(args, context) {
    const answer = await context.request<DataAnswer>({
      method: "PATCH",
      path: `/objects/${enc(args.object)}/records/${args.record_id}`,
      body: { data: { values: args.values } },
    });
    return jsonResult(answer as Record<string, unknown>);
  },
});

export const recordTools: readonly CodeTool[] = [
  listObjects,
  getObject,
  queryRecords,
  searchRecords,
  getRecord,
  createRecord,
  updateRecord,
  assertRecord,
  identify,
];
