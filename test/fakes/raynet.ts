// A fake RAYNET CRM API v2, written from Raynet's reference (https://app.raynetcrm.com/api/doc/index-en.html),
// not from Portico's code: Basic auth plus X-Instance-Name on every request; lists with offset/limit
// (at most 1,000), fulltext and `attribute[OPERATOR]=value` filters answering { success, totalCount,
// data }; GET /<type>/<id>/ → { success, data }; PUT /<type>/ creates (201 { success, data: { id } });
// POST /<type>/<id>/ updates ({ success }); DELETE /company/<id>/ deletes (empty answer); GET /activity/
// lists tasks, meetings and phone calls together, filtered like the other lists; errors as
// { message, translatedMessage? }.
import type { ServerResponse } from "node:http";
import { type HttpFake, json, type RecordedRequest, startHttpFake } from "./http-fake.ts";

export type RaynetRecord = Record<string, unknown> & { id: number };

export interface FakeRaynet extends HttpFake {
  records: Record<string, RaynetRecord[]>;
}

const TYPES = ["company", "person", "lead", "businessCase", "task", "meeting", "phoneCall"] as const;
// Reference lists: read-only here.
const LOOKUPS = ["userAccount", "businessCasePhase", "leadPhase", "activityCategory"] as const;
// Required attributes of each *InsertDto in the reference.
const REQUIRED: Record<string, string[]> = {
  company: ["name", "rating", "state", "role"],
  person: ["lastName"],
  lead: ["topic", "priority"],
  businessCase: ["name", "company"],
  task: ["title", "priority", "owner", "resolver", "deadline"],
  meeting: ["title", "priority", "owner"],
  phoneCall: ["title", "priority", "owner"],
};
// The filter attributes each list documents (the rest of the reference's list is left out).
const FILTERS: Record<string, string[]> = {
  company: ["name", "regNumber", "owner", "rating", "role", "state", "person", "rowInfo.updatedAt"],
  person: ["firstName", "lastName", "owner", "primaryRelationship-company-id", "contactInfo.email"],
  lead: ["code", "companyName", "owner", "status", "leadPhase", "leadDate"],
  userAccount: ["username", "userRole"],
  businessCase: ["code", "name", "company", "owner", "status", "businessCasePhase", "validFrom"],
  ...Object.fromEntries(
    ["task", "meeting", "phoneCall"].map((type) => [
      type,
      [
        "title",
        "owner-id",
        "status",
        "companyContextFilter",
        "businessCase",
        "scheduledFrom",
        "scheduledTill",
      ],
    ]),
  ),
};
// GET /activity/: every activity regardless of its type, with the filters the reference lists for it.
const ACTIVITY_TYPES = ["task", "meeting", "phoneCall"] as const;
FILTERS.activity = [
  "title",
  "status",
  "scheduledFrom",
  "scheduledTill",
  "owner",
  "personFilter",
  "companyContextFilter",
  "businessCase",
];
const OPERATORS = new Set(["EQ", "NE", "LT", "LE", "GT", "GE", "LIKE", "LIKE_NOCASE", "IN", "NOT_IN"]);
const LIST_PARAMS = new Set(["offset", "limit", "fulltext", "sortColumn", "sortDirection"]);

const raynetError = (response: ServerResponse, status: number, message: string, translated?: string) =>
  json(response, status, { message, ...(translated ? { translatedMessage: translated } : {}) });

function matches(record: RaynetRecord, attribute: string, operator: string, value: string): boolean {
  const actual = attribute
    .split(".")
    .reduce<unknown>((at, key) => (at as Record<string, unknown>)?.[key], record);
  const found = typeof actual === "object" && actual !== null ? (actual as { id?: unknown }).id : actual;
  const text = String(found ?? "");
  if (operator === "EQ") return text === value;
  if (operator === "NE") return text !== value;
  if (operator === "IN") return value.split(",").includes(text);
  if (operator === "LIKE" || operator === "LIKE_NOCASE") {
    const pattern = value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/%/g, ".*");
    return new RegExp(`^${pattern}$`, operator === "LIKE" ? "" : "i").test(text);
  }
  if (operator === "GE") return text >= value;
  if (operator === "LE") return text <= value;
  return true;
}

export async function startFakeRaynet(expected: {
  authorization: string;
  instance: string;
}): Promise<FakeRaynet> {
  let nextId = 500;
  const records: FakeRaynet["records"] = Object.fromEntries([...TYPES, ...LOOKUPS].map((type) => [type, []]));
  // The activity list is a view over the activity types' own records.
  const activities = () => ACTIVITY_TYPES.flatMap((type) => records[type] ?? []);
  const http = await startHttpFake((request: RecordedRequest, response) => {
    if (
      request.headers.authorization !== expected.authorization ||
      request.headers["x-instance-name"] !== expected.instance
    ) {
      return raynetError(response, 401, "Unauthorized");
    }
    const [api, version, type = "", id, ...rest] = request.path.split("/").filter(Boolean);
    const isActivity = type === "activity" && id === undefined && request.method === "GET";
    if (
      api !== "api" ||
      version !== "v2" ||
      (!(type in records) && !isActivity) ||
      rest.length > 0 ||
      !request.path.endsWith("/")
    ) {
      return raynetError(response, 404, "Not Found");
    }
    const list = isActivity ? activities() : (records[type] as RaynetRecord[]);
    const body = request.body ? (JSON.parse(request.body) as Record<string, unknown>) : {};

    if (id === undefined && request.method === "GET") {
      let found = [...list];
      const fulltext = request.query.get("fulltext")?.toLowerCase();
      if (fulltext) found = found.filter((item) => JSON.stringify(item).toLowerCase().includes(fulltext));
      for (const [key, value] of request.query) {
        if (LIST_PARAMS.has(key)) continue;
        const [, attribute = "", operator = "EQ"] = /^([^[]+)(?:\[(\w+)\])?$/.exec(key) ?? [];
        if (!OPERATORS.has(operator) || !FILTERS[type]?.includes(attribute)) {
          return raynetError(response, 400, `Unsupported filter column ${key}`);
        }
        found = found.filter((item) => matches(item, attribute.replace(/-/g, "."), operator, value));
      }
      const offset = Number(request.query.get("offset") ?? 0);
      const limit = Number(request.query.get("limit") ?? 1000);
      if (limit > 1000) return raynetError(response, 400, "Limit must be at most 1000");
      return json(response, 200, {
        success: true,
        totalCount: found.length,
        data: found.slice(offset, offset + limit),
      });
    }
    if ((LOOKUPS as readonly string[]).includes(type) && request.method !== "GET") {
      return raynetError(response, 405, "Method Not Allowed");
    }
    if (id === undefined && request.method === "PUT") {
      const missing = (REQUIRED[type] ?? []).filter((key) => body[key] === undefined);
      if (missing.length > 0) {
        return raynetError(
          response,
          400,
          "ValidationException",
          `Chybí povinný atribut ${missing.join(", ")}.`,
        );
      }
      const created = { ...body, id: nextId++ };
      list.push(created);
      return json(response, 201, { success: true, data: { id: created.id } });
    }
    const record = list.find((item) => item.id === Number(id));
    if (!record) return raynetError(response, 404, "RecordNotFoundException", "Záznam nebyl nalezen.");
    if (request.method === "GET") return json(response, 200, { success: true, data: record });
    if (request.method === "POST") {
      Object.assign(record, body);
      return json(response, 200, { success: true });
    }
    if (request.method === "DELETE" && type === "company") {
      list.splice(list.indexOf(record), 1);
      response.writeHead(204).end();
      return;
    }
    return raynetError(response, 405, "Method Not Allowed");
  });
  return { ...http, records };
}
