// What Raynet's record types are, as one description each (path, names, sorting, common filters, the
// fields a create takes, examples): records.ts makes the list, get, create and update tools from them.
import { z } from "zod";
import { RecordsSchemas as S } from "./schemas.ts";

export interface RecordType {
  /** The API's path segment: /company/, /businessCase/, … */
  path: string;
  /** Tool-name forms: list_<plural>, get_<singular>. */
  plural: string;
  singular: string;
  /** What it is, for descriptions. */
  what: string;
  sortColumns: [string, ...string[]];
  /** Common filters: argument name → the API's query attribute (equality unless the name says). */
  filters: Record<string, { attribute: string; schema: z.ZodType }>;
  create: z.ZodRawShape;
  required: readonly string[];
  /** Fields only an update takes (an activity's status). */
  updateOnly?: z.ZodRawShape;
  examples: { list: string; create: string; update: string };
}

export const id = (what: string) => z.number().int().positive().describe(what);
const ownerFilter = {
  attribute: "owner",
  schema: id("Only records owned by this person id (a Raynet user's person record).").optional(),
};

const activityFilters = {
  owner: {
    attribute: "owner-id",
    schema: id("Only activities owned by this person id.").optional(),
  },
  status: {
    attribute: "status",
    schema: S.activityStatus.optional().describe("Only activities in this status."),
  },
  company: {
    attribute: "companyContextFilter",
    schema: id("Only activities linked to this company id.").optional(),
  },
  business_case: {
    attribute: "businessCase",
    schema: id("Only activities of this business case id.").optional(),
  },
  scheduled_from: {
    attribute: "scheduledFrom[GE]",
    schema: S.dateTime.optional().describe("Only activities scheduled from this time on, yyyy-MM-dd HH:mm."),
  },
  scheduled_till: {
    attribute: "scheduledTill[LE]",
    schema: S.dateTime
      .optional()
      .describe("Only activities scheduled to end by this time, yyyy-MM-dd HH:mm."),
  },
};
const activitySort: [string, ...string[]] = [
  "id",
  "rowInfo.createdAt",
  "rowInfo.updatedAt",
  "title",
  "scheduledFrom",
  "scheduledTill",
  "completed",
  "status",
];

export const recordTypes: readonly RecordType[] = [
  {
    path: "company",
    plural: "companies",
    singular: "company",
    what: "client company (account)",
    sortColumns: ["id", "rowInfo.createdAt", "rowInfo.updatedAt", "name", "regNumber"],
    filters: {
      owner: ownerFilter,
      state: {
        attribute: "state",
        schema: S.companyState.optional().describe("Only companies in this state."),
      },
      role: {
        attribute: "role",
        schema: S.companyRole.optional().describe("Only companies with this relation."),
      },
      reg_number: {
        attribute: "regNumber",
        schema: z
          .string()
          .max(50)
          .optional()
          .describe("Only the company with this registration number (IČ)."),
      },
    },
    create: S.company,
    required: ["name", "rating", "state", "role"],
    examples: {
      list: '{"fulltext": "steel", "state": "B_ACTUAL", "limit": 20}',
      create:
        '{"name": "Steelworks s.r.o.", "rating": "A", "state": "A_POTENTIAL", "role": "A_SUBSCRIBER", "regNumber": "12345678", "addresses": [{"address": {"name": "Headquarters", "city": "Ostrava"}, "contactInfo": {"email": "info@steelworks.cz"}}]}',
      update: '{"id": 42, "state": "B_ACTUAL", "notice": "Signed the framework contract."}',
    },
  },
  {
    path: "person",
    plural: "persons",
    singular: "person",
    what: "contact person",
    sortColumns: ["id", "rowInfo.createdAt", "rowInfo.updatedAt", "firstName", "lastName"],
    filters: {
      owner: ownerFilter,
      company: {
        attribute: "primaryRelationship-company-id",
        schema: id("Only people whose primary relationship is with this company id.").optional(),
      },
      email: {
        attribute: "contactInfo.email",
        schema: z.string().max(200).optional().describe("Only the person with this email address."),
      },
    },
    create: S.person,
    required: ["lastName"],
    examples: {
      list: '{"company": 42}',
      create:
        '{"firstName": "Ana", "lastName": "Nováková", "contactInfo": {"email": "ana@steelworks.cz"}, "relationship": {"company": 42, "type": "Purchasing manager"}}',
      update: '{"id": 7, "contactInfo": {"tel1": "+420 777 123 456"}}',
    },
  },
  {
    path: "lead",
    plural: "leads",
    singular: "lead",
    what: "lead",
    sortColumns: [
      "id",
      "rowInfo.createdAt",
      "rowInfo.updatedAt",
      "code",
      "leadDate",
      "priority",
      "companyName",
    ],
    filters: {
      owner: ownerFilter,
      status: { attribute: "status", schema: S.leadStatus.optional().describe("Only leads in this status.") },
      lead_phase: { attribute: "leadPhase", schema: id("Only leads in this lead phase id.").optional() },
    },
    create: S.lead,
    required: ["topic", "priority"],
    examples: {
      list: '{"status": "B_ACTIVE", "sort_column": "leadDate", "sort_direction": "DESC"}',
      create:
        '{"topic": "Interested in 200 t of steel", "priority": "DEFAULT", "companyName": "Steelworks s.r.o.", "lastName": "Novák", "contactInfo": {"email": "novak@steelworks.cz"}}',
      update: '{"id": 172, "priority": "CRITICAL"}',
    },
  },
  {
    path: "businessCase",
    plural: "business_cases",
    singular: "business_case",
    what: "business case (deal)",
    sortColumns: ["id", "rowInfo.createdAt", "rowInfo.updatedAt", "code", "name", "validFrom", "validTill"],
    filters: {
      owner: ownerFilter,
      company: { attribute: "company", schema: id("Only business cases of this company id.").optional() },
      status: {
        attribute: "status",
        schema: S.businessCaseStatus.optional().describe("Only business cases in this status."),
      },
      phase: {
        attribute: "businessCasePhase",
        schema: id("Only business cases in this phase id (a pipeline stage).").optional(),
      },
    },
    create: S.businessCase,
    required: ["name", "company"],
    examples: {
      list: '{"company": 42, "status": "B_ACTIVE"}',
      create:
        '{"name": "Steel supply 2027", "company": 42, "totalAmount": 250000, "probability": 40, "validFrom": "2026-12-01"}',
      update: '{"id": 15, "businessCasePhase": 4, "probability": 70}',
    },
  },
  {
    path: "task",
    plural: "tasks",
    singular: "task",
    what: "task",
    sortColumns: [...activitySort, "deadline"],
    filters: activityFilters,
    create: S.task,
    required: ["title", "priority", "owner", "resolver", "deadline"],
    updateOnly: { status: S.activityStatus.optional().describe("The task's status.") },
    examples: {
      list: '{"owner": 3, "status": "NEW"}',
      create:
        '{"title": "Send the price list", "priority": "DEFAULT", "owner": 3, "resolver": 3, "deadline": "2026-12-04 12:00", "company": 42}',
      update: '{"id": 301, "status": "COMPLETED", "completed": "2026-12-03 15:30"}',
    },
  },
  {
    path: "meeting",
    plural: "meetings",
    singular: "meeting",
    what: "meeting",
    sortColumns: activitySort,
    filters: activityFilters,
    create: S.meeting,
    required: ["title", "priority", "owner"],
    updateOnly: { status: S.activityStatus.optional().describe("The meeting's status.") },
    examples: {
      list: '{"company": 42, "scheduled_from": "2026-12-01 00:00"}',
      create:
        '{"title": "Contract review", "priority": "DEFAULT", "owner": 3, "company": 42, "scheduledFrom": "2026-12-08 10:00", "scheduledTill": "2026-12-08 11:00"}',
      update: '{"id": 88, "scheduledFrom": "2026-12-09 10:00", "scheduledTill": "2026-12-09 11:00"}',
    },
  },
  {
    path: "phoneCall",
    plural: "phone_calls",
    singular: "phone_call",
    what: "phone call",
    sortColumns: activitySort,
    filters: activityFilters,
    create: S.phoneCall,
    required: ["title", "priority", "owner"],
    updateOnly: { status: S.activityStatus.optional().describe("The call's status.") },
    examples: {
      list: '{"business_case": 15}',
      create:
        '{"title": "Call Ana about the quote", "priority": "DEFAULT", "owner": 3, "person": 7, "scheduledFrom": "2026-12-05 09:30"}',
      update: '{"id": 120, "status": "COMPLETED", "solution": "She accepts the quote."}',
    },
  },
];
