// A fake Pipedrive API on a company domain, written from Pipedrive's reference (not from Portico's code):
// API v2 deals, persons, organizations and activities (list with cursor/limit and additional_data.next_cursor,
// get, POST, PATCH), v2 itemSearch, v1 notes (start/limit with additional_data.pagination), and
// Pipedrive's error body { success: false, error, error_info, data: null, additional_data: null }.
// https://developers.pipedrive.com/docs/api/v1/Deals  https://pipedrive.readme.io/docs/core-api-concepts-pagination
// GET /api/v1/users/me answers the token's user with the bound company (id, name, domain); `identities`
// gives other tokens other users or companies (fields over `me`, the default's).
// https://pipedrive.readme.io/docs/marketplace-getting-user-data
import type { ServerResponse } from "node:http";
import { type HttpFake, json, type RecordedRequest, startHttpFake } from "./http-fake.ts";

export type FakeItem = Record<string, unknown> & { id: number };

/** The /users/me fields a test cares about; the fake adds the rest of the documented answer. */
export interface PipedriveMe {
  id: number;
  name: string;
  email: string;
  company_id: number;
  company_name: string;
  company_domain: string;
}

export interface FakePipedrive extends HttpFake {
  items: Record<"deals" | "persons" | "organizations" | "activities" | "notes", FakeItem[]>;
  /** Who a token of nobody in particular is (/users/me). */
  me: PipedriveMe;
  /** Access token → another user or company (its fields over `me`). */
  identities: Map<string, Partial<PipedriveMe>>;
}

const STAMP = "2026-03-02T10:00:00Z";
const ENTITIES = new Set(["deals", "persons", "organizations", "activities"]);
const SINGULAR: Record<string, string> = { deals: "deal", persons: "person", organizations: "organization" };

function pipedriveError(response: ServerResponse, status: number, error: string, errorInfo: string) {
  json(response, status, { success: false, error, error_info: errorInfo, data: null, additional_data: null });
}
const cursorOf = (offset: number) => Buffer.from(JSON.stringify({ offset })).toString("base64url");
const offsetOf = (cursor: string | null) =>
  cursor ? (JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as { offset: number }).offset : 0;

export async function startFakePipedrive(acceptsToken: (token: string) => boolean): Promise<FakePipedrive> {
  let nextId = 1000;
  const items: FakePipedrive["items"] = {
    deals: [],
    persons: [],
    organizations: [],
    activities: [],
    notes: [],
  };
  const http = await startHttpFake((request: RecordedRequest, response) => {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1] ?? "";
    if (!acceptsToken(token)) {
      return pipedriveError(
        response,
        401,
        "Invalid token: access token is invalid",
        "Please check developers.pipedrive.com",
      );
    }
    const body = request.body ? (JSON.parse(request.body) as Record<string, unknown>) : {};
    const [api, version, collection = "", id] = request.path.split("/").filter(Boolean);
    if (api !== "api") return pipedriveError(response, 404, "Unknown method .", "");
    const q = request.query;

    if (version === "v1" && collection === "users" && id === "me" && request.method === "GET") {
      const me = { ...fake.me, ...fake.identities.get(token) };
      return json(response, 200, {
        success: true,
        data: {
          ...me,
          default_currency: "EUR",
          locale: "cs_CZ",
          lang: 1,
          phone: null,
          activated: true,
          last_login: "2026-03-02 09:00:00",
          created: "2025-01-10 12:00:00",
          modified: "2026-03-02 09:00:00",
          has_created_company: true,
          access: [{ app: "sales", admin: true, permission_set_id: "1" }],
          active_flag: true,
          timezone_name: "Europe/Prague",
          timezone_offset: "+01:00",
          role_id: 1,
          icon_url: null,
          is_you: true,
          is_deleted: false,
          language: { language_code: "cs", country_code: "CZ" },
        },
      });
    }

    // GET /api/v2/persons/search: term (2+ characters, 1 with exact_match) in name, email, phone, notes
    // or custom fields (`fields`), organization_id, cursor paging; items { result_score, item }.
    // https://developers.pipedrive.com/docs/api/v1/Persons#searchPersons
    if (version === "v2" && collection === "persons" && id === "search" && request.method === "GET") {
      const term = (q.get("term") ?? "").toLowerCase();
      const exact = q.get("exact_match") === "true";
      if (term.length < (exact ? 1 : 2))
        return pipedriveError(
          response,
          400,
          "Validation failed: term: Must be at least 2 characters long",
          "",
        );
      const fields = q.get("fields")?.split(",") ?? ["name", "email", "phone", "notes", "custom_fields"];
      const organization = q.get("organization_id");
      const texts = (person: FakeItem) => [
        ...(fields.includes("name") ? [String(person.name ?? "")] : []),
        ...(fields.includes("email")
          ? ((person.emails as { value: string }[] | undefined) ?? []).map((email) => email.value)
          : []),
      ];
      const found = items.persons
        .filter((person) => !organization || String(person.org_id) === organization)
        .filter((person) =>
          texts(person).some((value) =>
            exact ? value.toLowerCase() === term : value.toLowerCase().includes(term),
          ),
        )
        .map((person) => ({
          result_score: 1,
          item: {
            id: person.id,
            type: "person",
            name: person.name,
            emails: ((person.emails as { value: string }[] | undefined) ?? []).map((email) => email.value),
            organization: person.org_id ? { id: person.org_id } : null,
          },
        }));
      const offset = offsetOf(q.get("cursor"));
      const limit = Number(q.get("limit") ?? 100);
      const next = offset + limit < found.length ? cursorOf(offset + limit) : null;
      return json(response, 200, {
        success: true,
        data: { items: found.slice(offset, offset + limit) },
        additional_data: { next_cursor: next },
      });
    }

    if (version === "v2" && collection === "itemSearch" && request.method === "GET") {
      const term = (q.get("term") ?? "").toLowerCase();
      if (term.length < 2)
        return pipedriveError(
          response,
          400,
          "Validation failed: term: Must be at least 2 characters long",
          "",
        );
      const types = q.get("item_types")?.split(",");
      const found = (["deals", "persons", "organizations"] as const)
        .filter((kind) => !types || types.includes(SINGULAR[kind] as string))
        .flatMap((kind) =>
          items[kind]
            .filter((item) =>
              String(item.title ?? item.name ?? "")
                .toLowerCase()
                .includes(term),
            )
            .map((item) => ({
              result_score: 1,
              item: {
                id: item.id,
                type: SINGULAR[kind],
                [kind === "deals" ? "title" : "name"]: item.title ?? item.name,
              },
            })),
        );
      const offset = offsetOf(q.get("cursor"));
      const limit = Number(q.get("limit") ?? 100);
      const next = offset + limit < found.length ? cursorOf(offset + limit) : null;
      return json(response, 200, {
        success: true,
        data: { items: found.slice(offset, offset + limit) },
        additional_data: { next_cursor: next },
      });
    }

    if (
      version === "v2" &&
      (collection === "pipelines" || collection === "stages") &&
      request.method === "GET"
    ) {
      const all =
        collection === "pipelines"
          ? [{ id: 1, name: "Sales", order_nr: 1, is_deal_probability_enabled: false }]
          : [
              { id: 1, name: "Qualified", pipeline_id: 1, order_nr: 1, deal_probability: 100 },
              { id: 4, name: "Negotiation", pipeline_id: 1, order_nr: 2, deal_probability: 100 },
              { id: 9, name: "Other", pipeline_id: 2, order_nr: 1, deal_probability: 100 },
            ].filter((stage) => !q.get("pipeline_id") || String(stage.pipeline_id) === q.get("pipeline_id"));
      const offset = offsetOf(q.get("cursor"));
      const limit = Number(q.get("limit") ?? 100);
      const next = offset + limit < all.length ? cursorOf(offset + limit) : null;
      return json(response, 200, {
        success: true,
        data: all.slice(offset, offset + limit),
        additional_data: { next_cursor: next },
      });
    }

    if (version === "v1" && collection === "notes") {
      if (request.method === "GET") {
        const filtered = items.notes.filter((note) =>
          ["deal_id", "person_id", "org_id"].every((key) => !q.get(key) || String(note[key]) === q.get(key)),
        );
        const start = Number(q.get("start") ?? 0);
        const limit = Number(q.get("limit") ?? 100);
        const more = start + limit < filtered.length;
        return json(response, 200, {
          success: true,
          data: filtered.slice(start, start + limit),
          additional_data: {
            pagination: {
              start,
              limit,
              more_items_in_collection: more,
              ...(more ? { next_start: start + limit } : {}),
            },
          },
        });
      }
      if (request.method === "POST") {
        if (!body.content) return pipedriveError(response, 400, "Note content is required", "");
        const note = {
          id: nextId++,
          content: body.content,
          deal_id: body.deal_id ?? null,
          person_id: body.person_id ?? null,
          org_id: body.org_id ?? null,
          add_time: "2026-03-02 10:00:00",
          user_id: 1,
        };
        items.notes.push(note);
        return json(response, 201, { success: true, data: note });
      }
    }

    if (version !== "v2" || !ENTITIES.has(collection))
      return pipedriveError(response, 404, "Unknown method .", "");
    const list = items[collection as keyof FakePipedrive["items"]];
    if (request.method === "GET" && !id) {
      const filters = [
        "owner_id",
        "person_id",
        "org_id",
        "pipeline_id",
        "stage_id",
        "status",
        "deal_id",
      ].filter((key) => q.get(key));
      const filtered = list.filter((item) => filters.every((key) => String(item[key]) === q.get(key)));
      const offset = offsetOf(q.get("cursor"));
      const limit = Number(q.get("limit") ?? 100);
      const next = offset + limit < filtered.length ? cursorOf(offset + limit) : null;
      return json(response, 200, {
        success: true,
        data: filtered.slice(offset, offset + limit),
        additional_data: { next_cursor: next },
      });
    }
    if (request.method === "POST" && !id) {
      const item = { id: nextId++, add_time: STAMP, update_time: STAMP, ...body };
      list.push(item);
      return json(response, 200, { success: true, data: item });
    }
    const item = list.find((candidate) => String(candidate.id) === id);
    if (!item) {
      return pipedriveError(
        response,
        404,
        `${SINGULAR[collection] ?? "Activity"} not found`.replace(/^./, (c) => c.toUpperCase()),
        "Please check developers.pipedrive.com",
      );
    }
    if (request.method === "GET") return json(response, 200, { success: true, data: item });
    if (request.method === "PATCH") {
      Object.assign(item, body, { update_time: STAMP });
      return json(response, 200, { success: true, data: item });
    }
    return pipedriveError(response, 405, "Method not allowed", "");
  });
  const fake: FakePipedrive = {
    ...http,
    items,
    me: {
      id: 777,
      name: "Petr Novak",
      email: "petr@acme.test",
      company_id: 5501,
      company_name: "Acme",
      company_domain: "acme",
    },
    identities: new Map(),
  };
  return fake;
}
