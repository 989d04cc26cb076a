// Salesforce SOQL queries (with the next-records paging the query resource answers), SOSL search, and the
// describe resources that tell a model which objects and fields exist. Requests as documented:
// https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_query.htm
// https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/dome_query.htm
// https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_search.htm
// https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_describeGlobal.htm
// https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_sobject_describe.htm

import { z } from "zod";
import { providers } from "../../lib/integrations/providers.ts";
import { type CodeTool, defineCodeTool, jsonResult } from "../_kit/code-tools.ts";
import { readList } from "../_kit/list-answer.ts";
import { readOnly } from "../_kit/tool-annotations.ts";
import { toolError } from "../_kit/tool-result.ts";
import { salesforceRequest } from "./api-version.ts";
import { objectName } from "./shared.ts";

interface QueryAnswer {
  totalSize?: number;
  done?: boolean;
  records?: unknown[];
  nextRecordsUrl?: string;
}

// Salesforce answers a query locator as /services/data/vXX.X/query/<locator>-<offset>; only that shape
// is followed, so the argument cannot steer a request to any other resource.
const NEXT_RECORDS = /^\/services\/data\/v\d{2,3}\.\d\/query(?:All)?\/[A-Za-z0-9]+-\d+$/;

const pageOf = (answer: QueryAnswer) => ({
  totalSize: answer.totalSize ?? 0,
  done: answer.done ?? true,
  records: readList(answer, { items: "records" }, providers.salesforce.name).items,
  ...(answer.nextRecordsUrl ? { nextRecordsUrl: answer.nextRecordsUrl } : {}),
});

const query = defineCodeTool({
  name: "query",
  title: "Run a SOQL query",
  description:
    'Use to read Salesforce records with SOQL: filter, sort, pick fields, traverse relationships. Up to 2,000 records come back at once; when `done` is false the answer has `nextRecordsUrl`: pass it as nextRecordsUrl (and no soql) to get the next batch. Returns { totalSize, done, records: [{ attributes: { type }, <fields> }], nextRecordsUrl? }. Learn object and field names with describe_object. Example: {"soql": "SELECT Id, Name, Industry FROM Account WHERE BillingCountry = \'Czechia\' ORDER BY Name LIMIT 50"}.',
  input: z.strictObject({
    soql: z
      .string()
      .min(1)
      .max(100_000)
      .optional()
      .describe(
        "The SOQL query (required unless nextRecordsUrl is given); string values go in single quotes, a quote or backslash inside one written \\' or \\\\, e.g. Name = 'O\\'Brien'.",
      ),
    includeDeleted: z
      .boolean()
      .default(false)
      .describe("Also return deleted and archived records (the queryAll resource); default false."),
    nextRecordsUrl: z
      .string()
      .regex(NEXT_RECORDS, "the nextRecordsUrl of a previous answer")
      .optional()
      .describe("The nextRecordsUrl of the previous answer, to get the next batch of the same query."),
  }),
  annotations: readOnly,
  async run(args, context) {
    if (args.nextRecordsUrl) {
      const next = await context.request<QueryAnswer>({
        method: "GET",
        path: args.nextRecordsUrl,
        base: "root",
      });
      return jsonResult(pageOf(next));
    }
    if (!args.soql) return toolError("Give soql, or the nextRecordsUrl of a previous answer.");
    const answer = await salesforceRequest<QueryAnswer>(context, {
      method: "GET",
      path: args.includeDeleted ? "/queryAll/" : "/query/",
      query: { q: args.soql },
    });
    return jsonResult(pageOf(answer));
  },
});

const search = defineCodeTool({
  name: "search",
  title: "Search with SOSL",
  description:
    'Use to find records by text across several objects at once (names, emails, phone numbers…), e.g. when you know a word but not where it is stored. Returns { searchRecords: [{ attributes: { type }, Id, <fields> }] }. Example: {"sosl": "FIND {Acme*} IN NAME FIELDS RETURNING Account(Id, Name), Contact(Id, Name, Email) LIMIT 20"}.',
  input: z.strictObject({
    sosl: z
      .string()
      .min(1)
      .max(20_000)
      .describe(
        "The SOSL search, starting with FIND {terms}; RETURNING names objects and fields. Inside the braces, write any of ? & | ! { } [ ] ( ) ^ ~ * : \\ \" ' + - with a backslash before it.",
      ),
  }),
  annotations: readOnly,
  async run(args, context) {
    const answer = await salesforceRequest<{ searchRecords?: unknown[] }>(context, {
      method: "GET",
      path: "/search/",
      query: { q: args.sosl },
    });
    return jsonResult({
      searchRecords: readList(answer, { items: "searchRecords" }, providers.salesforce.name).items,
    });
  },
});

// GET /parameterizedSearch/: a text search without SOSL syntax; the terms need no escaping, each
// object's fields and limit go as <Object>.fields and <Object>.limit, `offset` pages one object's hits.
// https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_search_parameterized.htm
const sobjectName = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_]{0,79}$/, "an object API name such as Account or Invoice__c")
  .describe("The object's API name, e.g. Account, Contact or Invoice__c.");
const parameterizedSearch = defineCodeTool({
  name: "search_text",
  title: "Search records by text",
  description:
    'Use to find records by plain words (a name, an email, a phone number) in some or all objects, without writing SOSL: the words need no escaping. Returns { searchRecords: [{ attributes: { type }, Id, <fields> }] }; with one object, pass offset for the next page. Example: {"q": "Acme", "objects": [{"name": "Account", "fields": ["Id", "Name", "Industry"], "limit": 10}], "in": "NAME"}.',
  input: z.strictObject({
    q: z.string().min(2).max(10_000).describe("The words to search for, as typed (no SOSL escaping)."),
    objects: z
      .array(
        z.strictObject({
          name: sobjectName,
          fields: z
            .array(z.string().regex(/^[A-Za-z][\w.]{0,120}$/, "a field API name"))
            .min(1)
            .max(100)
            .optional()
            .describe("Fields to return (default Id)."),
          limit: z.number().int().min(1).max(2000).optional().describe("At most this many of this object."),
        }),
      )
      .min(1)
      .max(20)
      .optional()
      .describe(
        "Which objects to search, each with its fields and limit; all searchable ones when left out.",
      ),
    in: z
      .enum(["ALL", "NAME", "EMAIL", "PHONE", "SIDEBAR"])
      .optional()
      .describe("Which fields to search in (default ALL)."),
    overallLimit: z.number().int().min(1).max(2000).optional().describe("At most this many results in all."),
    offset: z
      .number()
      .int()
      .min(0)
      .max(2000)
      .optional()
      .describe(
        "Skip this many results (only with exactly one object): the next page starts at offset + limit.",
      ),
  }),
  annotations: readOnly,
  async run(args, context) {
    if (args.offset !== undefined && args.objects?.length !== 1) {
      return {
        isError: true,
        content: [{ type: "text", text: "offset needs exactly one object in objects." }],
      };
    }
    const query: Record<string, string | number | undefined> = {
      q: args.q,
      in: args.in,
      overallLimit: args.overallLimit,
      offset: args.offset,
    };
    const objects = args.objects ?? [];
    const perObject = Object.fromEntries(
      objects.flatMap((object) => [
        [`${object.name}.fields`, object.fields?.join(",")],
        [`${object.name}.limit`, object.limit],
      ]),
    );
    const answer = await salesforceRequest<{ searchRecords?: unknown[] }>(context, {
      method: "GET",
      path: "/parameterizedSearch/",
      query: { ...query, sobject: objects.map((object) => object.name), ...perObject },
    });
    return jsonResult({
      searchRecords: readList(answer, { items: "searchRecords" }, providers.salesforce.name).items,
    });
  },
});

interface GlobalObject {
  name: string;
  label: string;
  custom: boolean;
  queryable: boolean;
  createable: boolean;
  updateable: boolean;
  keyPrefix: string | null;
}

const describeGlobal = defineCodeTool({
  name: "describe_global",
  title: "List objects",
  description:
    'Use to learn which objects (standard and custom) the org has and what you may do with them, e.g. before writing SOQL against an object you have not seen. Returns { sobjects: [{ name, label, custom, queryable, createable, updateable, keyPrefix }] }. Example: {"nameContains": "invoice"}.',
  input: z.strictObject({
    nameContains: z
      .string()
      .max(80)
      .optional()
      .describe("Only objects whose API name or label contains this text (case-insensitive)."),
    customOnly: z.boolean().default(false).describe("Only custom objects (names ending in __c)."),
  }),
  annotations: readOnly,
  async run(args, context) {
    const answer = await salesforceRequest<{ sobjects?: GlobalObject[] }>(context, {
      method: "GET",
      path: "/sobjects/",
    });
    const needle = args.nameContains?.toLowerCase();
    const sobjects = (answer.sobjects ?? [])
      .filter((item) => !args.customOnly || item.custom)
      .filter(
        (item) =>
          !needle || item.name.toLowerCase().includes(needle) || item.label.toLowerCase().includes(needle),
      )
      .map(({ name, label, custom, queryable, createable, updateable, keyPrefix }) => ({
        name,
        label,
        custom,
        queryable,
        createable,
        updateable,
        keyPrefix,
      }));
    return jsonResult({ sobjects });
  },
});

interface DescribedField {
  name: string;
  label: string;
  type: string;
  length?: number;
  nillable?: boolean;
  createable?: boolean;
  updateable?: boolean;
  defaultedOnCreate?: boolean;
  referenceTo?: string[];
  relationshipName?: string | null;
  picklistValues?: { value: string; label: string; active: boolean }[];
}

const describeObject = defineCodeTool({
  name: "describe_object",
  title: "Describe an object",
  description:
    'Use to learn an object\'s fields before querying, creating or updating it: API names, types, which are required (nillable false and not defaultedOnCreate) or read-only, picklist values and lookups. Returns { name, label, createable, updateable, fields: [{ name, label, type, length, nillable, createable, updateable, referenceTo, relationshipName, picklistValues }], childRelationships: [{ relationshipName, childSObject, field }] }. Example: {"object": "Opportunity"}.',
  input: z.strictObject({ object: objectName }),
  annotations: readOnly,
  async run(args, context) {
    const answer = await salesforceRequest<{
      name: string;
      label: string;
      createable: boolean;
      updateable: boolean;
      fields?: DescribedField[];
      childRelationships?: { relationshipName: string | null; childSObject: string; field: string }[];
    }>(context, { method: "GET", path: `/sobjects/${args.object}/describe/` });
    // The full describe runs to hundreds of kilobytes; these are the parts a model writes SOQL and
    // records with.
    return jsonResult({
      name: answer.name,
      label: answer.label,
      createable: answer.createable,
      updateable: answer.updateable,
      fields: (answer.fields ?? []).map((field) => ({
        name: field.name,
        label: field.label,
        type: field.type,
        ...(field.length ? { length: field.length } : {}),
        nillable: field.nillable,
        createable: field.createable,
        updateable: field.updateable,
        ...(field.defaultedOnCreate ? { defaultedOnCreate: true } : {}),
        ...(field.referenceTo?.length
          ? { referenceTo: field.referenceTo, relationshipName: field.relationshipName }
          : {}),
        ...(field.picklistValues?.length
          ? {
              picklistValues: field.picklistValues
                .filter((value) => value.active)
                .map((value) => value.value),
            }
          : {}),
      })),
      childRelationships: (answer.childRelationships ?? [])
        .filter((child) => child.relationshipName)
        .map(({ relationshipName, childSObject, field }) => ({ relationshipName, childSObject, field })),
    });
  },
});

export const queryTools: readonly CodeTool[] = [
  query,
  search,
  parameterizedSearch,
  describeGlobal,
  describeObject,
];
