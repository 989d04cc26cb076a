// A fake Attio workspace, written from Attio's REST API reference (not from Portico's code): v2 objects,
// records (query with shorthand filter, limit and offset; fuzzy search; get; create and update with
// values under data.values), lists and entries, notes, and Attio's error body
// { status_code, type, code, message }.
// https://docs.attio.com/rest-api/endpoint-reference/records/list-records
// https://docs.attio.com/rest-api/endpoint-reference/records/search-records
// Identify (GET /v2/self) describes the token: `{ active: false }` for one it does not accept, else its
// workspace; `identities` gives other tokens other workspaces (fields over `workspace`, the default's).
// https://docs.attio.com/rest-api/endpoint-reference/meta/identify
import type { ServerResponse } from "node:http";
import { type HttpFake, json, type RecordedRequest, startHttpFake } from "./http-fake.ts";

export interface AttioRecord {
  object: string;
  id: string;
  values: Record<string, unknown>;
}
export interface AttioEntry {
  list: string;
  id: string;
  parent_object: string;
  parent_record_id: string;
  entry_values: Record<string, unknown>;
}
export interface AttioNote {
  id: string;
  parent_object: string;
  parent_record_id: string;
  title: string;
  format: string;
  content: string;
  created_at: string;
}

/** The workspace fields of Identify a test cares about. */
export interface AttioWorkspace {
  workspace_id: string;
  workspace_name: string;
  workspace_slug: string;
  authorized_by_workspace_member_id: string;
}

export interface FakeAttio extends HttpFake {
  records: AttioRecord[];
  entries: AttioEntry[];
  notes: AttioNote[];
  /** The workspace a token of nobody in particular belongs to (Identify). */
  workspace: AttioWorkspace;
  /** Access token → another workspace (its fields over `workspace`). */
  identities: Map<string, Partial<AttioWorkspace>>;
}

const WORKSPACE = "14beef7a-99f7-4534-a87e-70b564330a4c";
const OBJECTS = {
  people: "97052eb9-e65e-443f-a297-f2d9a4a7f795",
  companies: "e1f5a2c1-7a4b-4c5d-9e8f-0a1b2c3d4e5f",
};
const LISTS = { sales_pipeline: "33ebdbe9-e529-47c9-b894-0ba25e9c15c0" };
const STAMP = "2026-03-02T10:00:00.000000000Z";

const attioError = (response: ServerResponse, status: number, code: string, message: string) =>
  json(response, status, {
    status_code: status,
    type: status === 401 ? "auth_error" : "invalid_request_error",
    code,
    message,
  });

/** Attio stores every value as an array of value objects; the fake keeps what it was given in one. */
const stored = (values: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      (Array.isArray(value) ? value : [value]).map((item) => ({
        active_from: STAMP,
        active_until: null,
        created_by_actor: { type: "api-token", id: null },
        value: item,
        attribute_type: "text",
      })),
    ]),
  );

export async function startFakeAttio(acceptsToken: (token: string) => boolean): Promise<FakeAttio> {
  let next = 1;
  const uuid = () => `00000000-0000-4000-8000-${String(next++).padStart(12, "0")}`;
  const records: AttioRecord[] = [];
  const entries: AttioEntry[] = [];
  const notes: AttioNote[] = [];
  const recordOut = (record: AttioRecord) => ({
    id: {
      workspace_id: WORKSPACE,
      object_id: OBJECTS[record.object as keyof typeof OBJECTS],
      record_id: record.id,
    },
    created_at: STAMP,
    web_url: `https://app.attio.com/acme/${record.object}/${record.id}`,
    values: stored(record.values),
  });
  const entryOut = (entry: AttioEntry) => ({
    id: {
      workspace_id: WORKSPACE,
      list_id: LISTS[entry.list as keyof typeof LISTS],
      entry_id: entry.id,
    },
    parent_record_id: entry.parent_record_id,
    parent_object: entry.parent_object,
    created_at: STAMP,
    entry_values: stored(entry.entry_values),
  });
  // Shorthand filters only ({"attribute": value}): equality with one of the stored values.
  const matches = (values: Record<string, unknown>, filter: Record<string, unknown> | undefined) =>
    Object.entries(filter ?? {}).every(([key, wanted]) => {
      const have = values[key];
      return (Array.isArray(have) ? have : [have]).includes(wanted);
    });
  const slice = <T>(items: T[], body: { limit?: number; offset?: number }) =>
    items.slice(body.offset ?? 0, (body.offset ?? 0) + (body.limit ?? 500));

  const http = await startHttpFake((request: RecordedRequest, response) => {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1] ?? "";
    if (request.method === "GET" && request.path === "/v2/self") {
      if (!acceptsToken(token)) return json(response, 200, { active: false });
      const now = Math.floor(Date.now() / 1000);
      return json(response, 200, {
        active: true,
        scope: "record_permission:read-write object_configuration:read note:read-write",
        client_id: "acme-crm-app",
        token_type: "Bearer",
        exp: null,
        iat: now,
        sub: fake.identities.get(token)?.workspace_id ?? fake.workspace.workspace_id,
        aud: "acme-crm-app",
        iss: "attio.com",
        ...fake.workspace,
        workspace_logo_url: null,
        ...fake.identities.get(token),
      });
    }
    if (!acceptsToken(token)) return attioError(response, 401, "unauthorized", "Invalid access token.");
    const body = request.body ? (JSON.parse(request.body) as Record<string, unknown>) : {};
    const parts = request.path.split("/").filter(Boolean);
    if (parts[0] !== "v2") return attioError(response, 404, "not_found", "Route not found.");
    const [, resource, a, b, c, d] = parts;
    const objectOf = (slug: string | undefined) =>
      slug && slug in OBJECTS ? (slug as keyof typeof OBJECTS) : undefined;
    const objectOut = (slug: keyof typeof OBJECTS) => ({
      id: { workspace_id: WORKSPACE, object_id: OBJECTS[slug] },
      api_slug: slug,
      singular_noun: slug === "people" ? "Person" : "Company",
      plural_noun: slug === "people" ? "People" : "Companies",
      created_at: STAMP,
    });

    if (resource === "objects" && request.method === "GET" && !a) {
      return json(response, 200, { data: (Object.keys(OBJECTS) as (keyof typeof OBJECTS)[]).map(objectOut) });
    }
    if (resource === "objects" && a === "records" && b === "search" && request.method === "POST") {
      const requestAs = body.request_as as { type?: string } | undefined;
      if (!Array.isArray(body.objects) || !requestAs?.type) {
        return attioError(response, 400, "validation_type", "Body payload validation error.");
      }
      const query = String(body.query ?? "").toLowerCase();
      const found = records
        .filter((record) => (body.objects as string[]).includes(record.object))
        .filter((record) =>
          String(record.values.name ?? "")
            .toLowerCase()
            .includes(query),
        )
        .slice(0, Number(body.limit ?? 25))
        .map((record) => ({
          id: {
            workspace_id: WORKSPACE,
            object_id: OBJECTS[record.object as keyof typeof OBJECTS],
            record_id: record.id,
          },
          object_slug: record.object,
          record_text: String(record.values.name ?? ""),
          record_image: null,
        }));
      return json(response, 200, { data: found });
    }
    if (resource === "objects") {
      const object = objectOf(a);
      if (!object) return attioError(response, 404, "not_found", `Object with slug/ID "${a}" not found.`);
      if (!b && request.method === "GET") return json(response, 200, { data: objectOut(object) });
      if (b === "records" && c === "query" && request.method === "POST") {
        const found = records.filter(
          (record) =>
            record.object === object && matches(record.values, body.filter as Record<string, unknown>),
        );
        return json(response, 200, { data: slice(found, body).map(recordOut) });
      }
      if (b === "records" && !c && request.method === "POST") {
        const values = (body.data as { values?: Record<string, unknown> } | undefined)?.values;
        if (!values) return attioError(response, 400, "validation_type", "Body payload validation error.");
        const domains = values.domains as string[] | undefined;
        if (
          domains?.some((domain) =>
            records.some((r) => (r.values.domains as string[] | undefined)?.includes(domain)),
          )
        ) {
          return attioError(
            response,
            409,
            "uniqueness_conflict",
            `Uniqueness constraint violated: The value "${domains[0]}" provided for attribute "domains" already exists.`,
          );
        }
        const record = { object, id: uuid(), values };
        records.push(record);
        return json(response, 200, { data: recordOut(record) });
      }
      // Assert a record: PUT /v2/objects/{object}/records?matching_attribute=<slug> updates the one record
      // whose matching attribute has the given value (values of multi-value attributes are added), or
      // creates one when none has it. https://docs.attio.com/rest-api/endpoint-reference/records/assert-a-record
      if (b === "records" && !c && request.method === "PUT") {
        const matching = request.query.get("matching_attribute");
        const values = (body.data as { values?: Record<string, unknown> } | undefined)?.values;
        if (!matching || !values)
          return attioError(response, 400, "validation_type", "Body payload validation error.");
        if (!(matching in values))
          return attioError(
            response,
            400,
            "validation_type",
            `The matching attribute "${matching}" must be given a value.`,
          );
        const wanted = [values[matching]].flat();
        const found = records.filter(
          (record) =>
            record.object === object &&
            [record.values[matching]].flat().some((value) => wanted.includes(value)),
        );
        if (found.length > 1)
          return attioError(
            response,
            400,
            "multiple_match_results",
            `Multiple records match "${matching}": the matching attribute must be unique.`,
          );
        const existing = found[0];
        if (existing) {
          for (const [key, value] of Object.entries(values)) {
            const have = existing.values[key];
            existing.values[key] =
              Array.isArray(have) && Array.isArray(value) ? [...new Set([...have, ...value])] : value;
          }
          return json(response, 200, { data: recordOut(existing) });
        }
        const record = { object, id: uuid(), values };
        records.push(record);
        return json(response, 200, { data: recordOut(record) });
      }
      if (b === "records" && c && !d) {
        const record = records.find((r) => r.object === object && r.id === c);
        if (!record) return attioError(response, 404, "not_found", `Record with ID "${c}" not found.`);
        if (request.method === "GET") return json(response, 200, { data: recordOut(record) });
        if (request.method === "PATCH") {
          const values = (body.data as { values?: Record<string, unknown> } | undefined)?.values ?? {};
          Object.assign(record.values, values);
          return json(response, 200, { data: recordOut(record) });
        }
      }
    }
    if (resource === "lists" && !a && request.method === "GET") {
      return json(response, 200, {
        data: [
          {
            id: { workspace_id: WORKSPACE, list_id: LISTS.sales_pipeline },
            api_slug: "sales_pipeline",
            name: "Sales pipeline",
            parent_object: ["companies"],
            workspace_access: "full-access",
            created_at: STAMP,
          },
        ],
      });
    }
    if (resource === "lists" && a) {
      if (!(a in LISTS)) return attioError(response, 404, "not_found", `List with slug/ID "${a}" not found.`);
      if (b === "entries" && c === "query" && request.method === "POST") {
        const found = entries.filter(
          (entry) => entry.list === a && matches(entry.entry_values, body.filter as Record<string, unknown>),
        );
        return json(response, 200, { data: slice(found, body).map(entryOut) });
      }
      if (b === "entries" && !c && request.method === "POST") {
        const data = body.data as Omit<AttioEntry, "id" | "list"> | undefined;
        if (!data?.parent_record_id || !data.parent_object || !data.entry_values) {
          return attioError(response, 400, "validation_type", "Body payload validation error.");
        }
        const entry = { list: a, id: uuid(), ...data };
        entries.push(entry);
        return json(response, 200, { data: entryOut(entry) });
      }
    }
    if (resource === "notes" && !a && request.method === "GET") {
      const q = request.query;
      const found = notes.filter(
        (note) =>
          (!q.get("parent_object") || note.parent_object === q.get("parent_object")) &&
          (!q.get("parent_record_id") || note.parent_record_id === q.get("parent_record_id")),
      );
      const limit = Number(q.get("limit") ?? 10);
      const offset = Number(q.get("offset") ?? 0);
      return json(response, 200, {
        data: found.slice(offset, offset + limit).map((note) => ({
          id: { workspace_id: WORKSPACE, note_id: note.id },
          parent_object: note.parent_object,
          parent_record_id: note.parent_record_id,
          title: note.title,
          content_plaintext: note.content,
          content_markdown: note.content,
          tags: [],
          created_by_actor: { type: "api-token", id: null },
          created_at: note.created_at,
        })),
      });
    }
    if (resource === "notes" && !a && request.method === "POST") {
      const data = body.data as Omit<AttioNote, "id" | "created_at"> & { created_at?: string };
      if (!data?.parent_object || !data.parent_record_id || data.title === undefined || !data.format) {
        return attioError(response, 400, "validation_type", "Body payload validation error.");
      }
      if (!records.some((record) => record.id === data.parent_record_id)) {
        return attioError(response, 404, "not_found", `Record with ID "${data.parent_record_id}" not found.`);
      }
      const note = { ...data, id: uuid(), created_at: data.created_at ?? STAMP };
      notes.unshift(note);
      return json(response, 200, {
        data: {
          id: { workspace_id: WORKSPACE, note_id: note.id },
          parent_object: note.parent_object,
          parent_record_id: note.parent_record_id,
          title: note.title,
          content_plaintext: note.content,
          created_at: note.created_at,
        },
      });
    }
    return attioError(response, 404, "not_found", "Route not found.");
  });
  const fake: FakeAttio = {
    ...http,
    records,
    entries,
    notes,
    workspace: {
      workspace_id: WORKSPACE,
      workspace_name: "Acme",
      workspace_slug: "acme",
      authorized_by_workspace_member_id: "50cf242c-7fa3-4cad-87d0-75b1af71c57b",
    },
    identities: new Map(),
  };
  return fake;
}
