// HubSpot's contacts, companies and deals: search, get, create and update, one set of tools per object
// made from one description of it. Requests as documented for the CRM v3 objects and search APIs:
// https://developers.hubspot.com/docs/api-reference/crm-contacts-v3/guide
// https://developers.hubspot.com/docs/api-reference/crm-search-v3/guide
import { z } from "zod";
import { type CodeTool, defineCodeTool, jsonResult } from "../_kit/code-tools.ts";
import { additive, destructiveIdempotent, readOnly } from "../_kit/tool-annotations.ts";
import { after, type HubSpotPage, page, recordId } from "./shared.ts";

interface CrmObject {
  /** Path segment and tool-name plural: contacts, companies, deals. */
  plural: "contacts" | "companies" | "deals";
  singular: string;
  /** Properties returned when the caller names none (HubSpot's defaults omit most useful ones). */
  defaultProperties: readonly string[];
  searchExample: string;
  createExample: string;
}

const objects: readonly CrmObject[] = [
  {
    plural: "contacts",
    singular: "contact",
    defaultProperties: [
      "firstname",
      "lastname",
      "email",
      "phone",
      "company",
      "jobtitle",
      "lifecyclestage",
      "hubspot_owner_id",
    ],
    searchExample:
      '{"filterGroups": [{"filters": [{"propertyName": "email", "operator": "EQ", "value": "ana@example.com"}]}]}',
    createExample: '{"properties": {"email": "ana@example.com", "firstname": "Ana", "lastname": "Novak"}}',
  },
  {
    plural: "companies",
    singular: "company",
    defaultProperties: ["name", "domain", "industry", "city", "country", "phone", "hubspot_owner_id"],
    searchExample: '{"query": "acme", "properties": ["name", "domain"]}',
    createExample: '{"properties": {"name": "Acme s.r.o.", "domain": "acme.cz"}}',
  },
  {
    plural: "deals",
    singular: "deal",
    defaultProperties: ["dealname", "amount", "dealstage", "pipeline", "closedate", "hubspot_owner_id"],
    searchExample:
      '{"filterGroups": [{"filters": [{"propertyName": "dealstage", "operator": "EQ", "value": "appointmentscheduled"}, {"propertyName": "amount", "operator": "GT", "value": "1000"}]}], "sorts": [{"propertyName": "closedate", "direction": "ASCENDING"}]}',
    createExample:
      '{"properties": {"dealname": "Acme renewal", "pipeline": "default", "dealstage": "appointmentscheduled", "amount": "5000"}}',
  },
];

const operators = [
  "EQ",
  "NEQ",
  "LT",
  "LTE",
  "GT",
  "GTE",
  "BETWEEN",
  "IN",
  "NOT_IN",
  "HAS_PROPERTY",
  "NOT_HAS_PROPERTY",
  "CONTAINS_TOKEN",
  "NOT_CONTAINS_TOKEN",
] as const;

const filter = z.strictObject({
  propertyName: z
    .string()
    .min(1)
    .max(200)
    .describe("The property's internal name, e.g. email, dealstage, createdate."),
  operator: z
    .enum(operators)
    .describe("How the property is compared; HAS_PROPERTY and NOT_HAS_PROPERTY take no value."),
  value: z
    .string()
    .max(1000)
    .optional()
    .describe("The value compared against (dates as Unix milliseconds or ISO 8601)."),
  highValue: z.string().max(1000).optional().describe("Upper bound, with BETWEEN only."),
  values: z.array(z.string().max(1000)).max(100).optional().describe("The values, with IN and NOT_IN only."),
});

const properties = (object: CrmObject) =>
  z
    .array(z.string().min(1).max(200))
    .max(100)
    .optional()
    .describe(`Properties to return (internal names); default: ${object.defaultProperties.join(", ")}.`);

const propertyValues = (what: string) =>
  z
    .record(z.string().min(1).max(200), z.union([z.string().max(65_536), z.number(), z.boolean()]))
    .refine((values) => Object.keys(values).length > 0, "at least one property")
    .describe(what);

function searchTool(object: CrmObject): CodeTool {
  return defineCodeTool({
    name: `search_${object.plural}`,
    title: `Search ${object.plural}`,
    description: `Use to find HubSpot ${object.plural} by property values and/or free text, or to list them (no filters). Filters inside one group must all match; any one group may match (up to 5 groups, 6 filters each, 18 in all). Returns { total, results: [{ id, properties }], after when there are more }. Example: ${object.searchExample}. When the answer has \`after\`, call again with it to get the next page.`,
    input: z.strictObject({
      query: z
        .string()
        .max(3000)
        .optional()
        .describe("Free text searched in the default searchable properties (names, emails, domains…)."),
      filterGroups: z
        .array(
          z.strictObject({
            filters: z.array(filter).min(1).max(6).describe("Conditions that must all match."),
          }),
        )
        .max(5)
        // The search guide allows 18 filters in all, fewer than 5 groups of 6.
        .refine((groups) => groups.reduce((sum, group) => sum + group.filters.length, 0) <= 18, {
          message: "at most 18 filters in all groups together",
        })
        .optional()
        .describe(
          "Groups of conditions; a record matching any group is returned (18 filters at most in all).",
        ),
      sorts: z
        .array(
          z.strictObject({
            propertyName: z.string().min(1).max(200).describe("Property to sort by."),
            direction: z.enum(["ASCENDING", "DESCENDING"]).describe("Sort direction."),
          }),
        )
        .max(1)
        .optional()
        .describe("Sort order (one sort)."),
      properties: properties(object),
      limit: z
        .number()
        .int()
        .min(1)
        .max(200)
        .default(20)
        .describe("Records per page (at most 200; default 20)."),
      after,
    }),
    annotations: readOnly,
    async run(args, context) {
      const answer = await context.request<HubSpotPage>({
        method: "POST",
        path: `/crm/v3/objects/${object.plural}/search`,
        body: {
          ...(args.query ? { query: args.query } : {}),
          filterGroups: args.filterGroups ?? [],
          ...(args.sorts ? { sorts: args.sorts } : {}),
          properties: args.properties ?? object.defaultProperties,
          limit: args.limit,
          ...(args.after ? { after: args.after } : {}),
        },
      });
      return jsonResult({ total: answer.total ?? 0, ...page(answer) });
    },
  });
}

function getTool(object: CrmObject): CodeTool {
  return defineCodeTool({
    name: `get_${object.singular}`,
    title: `Get a ${object.singular}`,
    description: `Use to read one HubSpot ${object.singular} by its id${object.plural === "contacts" ? ' (or by email with idProperty "email")' : ""}, with the properties you name and the ids of associated records. Returns { id, properties, associations?, createdAt, updatedAt }. Example: {"id": "${object.plural === "contacts" ? "151" : "9001"}", "associations": ["${object.plural === "contacts" ? "companies" : "contacts"}"]}.`,
    input: z.strictObject({
      id: recordId(`The ${object.singular}'s id (or the value of idProperty).`),
      idProperty: z
        .string()
        .max(200)
        .optional()
        .describe("A unique property that `id` is a value of, e.g. email; default the record id."),
      properties: properties(object),
      associations: z
        .array(z.string().min(1).max(100))
        .max(10)
        .optional()
        .describe(
          "Object types whose associated record ids to include, e.g. companies, deals, contacts, notes.",
        ),
    }),
    annotations: readOnly,
    async run(args, context) {
      const record = await context.request<Record<string, unknown>>({
        method: "GET",
        path: `/crm/v3/objects/${object.plural}/${encodeURIComponent(args.id)}`,
        query: {
          properties: (args.properties ?? object.defaultProperties).join(","),
          associations: args.associations?.join(","),
          idProperty: args.idProperty,
        },
      });
      return jsonResult(record);
    },
  });
}

function createTool(object: CrmObject): CodeTool {
  return defineCodeTool({
    name: `create_${object.singular}`,
    title: `Create a ${object.singular}`,
    description: `Use to add a new HubSpot ${object.singular}. Property values are strings keyed by internal property name; see the pipelines tool for deal stage ids. Returns the created record { id, properties }. Example: ${object.createExample}.`,
    input: z.strictObject({
      properties: propertyValues(`The new ${object.singular}'s property values by internal name.`),
    }),
    annotations: additive,
    async run(args, context) {
      const record = await context.request<Record<string, unknown>>({
        method: "POST",
        path: `/crm/v3/objects/${object.plural}`,
        body: { properties: args.properties },
      });
      return jsonResult(record);
    },
  });
}

/** What people most often change on each object, in their words and HubSpot's property names. */
const updateHints: Record<string, string> = {
  contacts: " (e.g. its lifecycle stage with lifecyclestage, its owner or phone)",
  deals: " (e.g. move it to another stage by setting dealstage)",
};

function updateTool(object: CrmObject): CodeTool {
  return defineCodeTool({
    name: `update_${object.singular}`,
    title: `Update a ${object.singular}`,
    description: `Use to change properties of an existing HubSpot ${object.singular}${updateHints[object.plural] ?? ""}; properties you leave out keep their value, an empty string clears one. Returns the updated record. Example: {"id": "9001", "properties": ${object.plural === "deals" ? '{"dealstage": "closedwon"}' : '{"phone": "+420 777 123 456"}'}}.`,
    input: z.strictObject({
      id: recordId(`The ${object.singular}'s id.`),
      properties: propertyValues("The property values to change, by internal name."),
    }),
    annotations: destructiveIdempotent,
    async run(args, context) {
      const record = await context.request<Record<string, unknown>>({
        method: "PATCH",
        path: `/crm/v3/objects/${object.plural}/${encodeURIComponent(args.id)}`,
        body: { properties: args.properties },
      });
      return jsonResult(record);
    },
  });
}

export const objectTools: readonly CodeTool[] = objects.flatMap((object) => [
  searchTool(object),
  getTool(object),
  createTool(object),
  updateTool(object),
]);
