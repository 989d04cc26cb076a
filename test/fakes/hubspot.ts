// A fake HubSpot CRM API, written from HubSpot's reference (not from Portico's code): objects v3
// (search with filterGroups and `after` paging, get with properties/associations/idProperty, create,
// update, batch read), associations v4 (list, default create), owners v3 and pipelines v3, with
// HubSpot's error body { status: "error", message, correlationId, category }.
// https://developers.hubspot.com/docs/api-reference/crm-search-v3/guide
// https://developers.hubspot.com/docs/api-reference/crm-associations-v4/guide
import type { ServerResponse } from "node:http";
import { type HttpFake, json, type RecordedRequest, startHttpFake } from "./http-fake.ts";

export interface FakeRecord {
  id: string;
  type: string;
  properties: Record<string, string>;
}
export interface FakeAssociation {
  fromType: string;
  fromId: string;
  toType: string;
  toId: string;
  typeId: number;
}

export interface FakeHubSpot extends HttpFake {
  records: FakeRecord[];
  associations: FakeAssociation[];
  owners: { id: string; email: string; firstName: string; lastName: string; userId: number }[];
  /** Refresh tokens deleted with DELETE /oauth/v1/refresh-tokens/{token} (answered 204, no auth needed). */
  deletedRefreshTokens: string[];
}

/** HubSpot-defined default association type ids (associations v4 reference, "association type id values"). */
const DEFAULT_TYPE: Record<string, number> = {
  "contacts>companies": 279,
  "companies>contacts": 280,
  "deals>contacts": 3,
  "contacts>deals": 4,
  "deals>companies": 341,
  "companies>deals": 342,
  "notes>contacts": 202,
  "contacts>notes": 201,
  "notes>companies": 190,
  "companies>notes": 189,
  "notes>deals": 214,
  "deals>notes": 213,
};
const TYPES = new Set(["contacts", "companies", "deals", "notes"]);
const SINGULAR: Record<string, string> = {
  contacts: "contact",
  companies: "company",
  deals: "deal",
  notes: "note",
};
const STAMP = "2026-03-02T10:00:00.000Z";

function hubspotError(response: ServerResponse, status: number, message: string, category: string) {
  json(response, status, {
    status: "error",
    message,
    correlationId: "aeb5f871-7f07-4993-9211-075dc63e7cbf",
    category,
  });
}

const publicRecord = (record: FakeRecord, properties?: string[]) => ({
  id: record.id,
  properties: properties
    ? Object.fromEntries(properties.map((name) => [name, record.properties[name] ?? null]))
    : record.properties,
  createdAt: STAMP,
  updatedAt: STAMP,
  archived: false,
});

/** One page from an `after` offset cursor, with HubSpot's paging.next when more remain. */
function paged<T>(items: T[], after: string | null | undefined, limit: number, link: string) {
  const offset = after ? Number(after) : 0;
  const next = offset + limit < items.length ? String(offset + limit) : undefined;
  return {
    results: items.slice(offset, offset + limit),
    ...(next ? { paging: { next: { after: next, link: `${link}?after=${next}` } } } : {}),
  };
}

type Filter = {
  propertyName: string;
  operator: string;
  value?: string;
  values?: string[];
  highValue?: string;
};
function matches(record: FakeRecord, filter: Filter): boolean {
  const actual = record.properties[filter.propertyName];
  switch (filter.operator) {
    case "EQ":
      return actual?.toLowerCase() === filter.value?.toLowerCase();
    case "NEQ":
      return actual?.toLowerCase() !== filter.value?.toLowerCase();
    case "GT":
      return Number(actual) > Number(filter.value);
    case "LT":
      return Number(actual) < Number(filter.value);
    case "IN":
      return (filter.values ?? []).includes(actual ?? "");
    case "HAS_PROPERTY":
      return Boolean(actual);
    case "CONTAINS_TOKEN":
      return (actual ?? "")
        .toLowerCase()
        .split(/\W+/)
        .includes((filter.value ?? "").toLowerCase());
    default:
      return false;
  }
}

export async function startFakeHubSpot(acceptsToken: (token: string) => boolean): Promise<FakeHubSpot> {
  let nextId = 5000;
  const state = {
    records: [] as FakeRecord[],
    associations: [] as FakeAssociation[],
    owners: [] as FakeHubSpot["owners"],
    deletedRefreshTokens: [] as string[],
  };
  const find = (type: string, id: string, idProperty?: string | null) =>
    state.records.find(
      (record) =>
        record.type === type && (idProperty ? record.properties[idProperty] === id : record.id === id),
    );
  const associate = (fromType: string, fromId: string, toType: string, toId: string, typeId?: number) => {
    const forward = typeId ?? DEFAULT_TYPE[`${fromType}>${toType}`] ?? 1;
    const back = DEFAULT_TYPE[`${toType}>${fromType}`] ?? 1;
    for (const [a, aId, b, bId, id] of [
      [fromType, fromId, toType, toId, forward],
      [toType, toId, fromType, fromId, back],
    ] as const) {
      const known = state.associations.some(
        (item) => item.fromType === a && item.fromId === aId && item.toType === b && item.toId === bId,
      );
      if (!known) state.associations.push({ fromType: a, fromId: aId, toType: b, toId: bId, typeId: id });
    }
    return forward;
  };

  const http = await startHttpFake((request: RecordedRequest, response) => {
    const deleted = /^\/oauth\/v1\/refresh-tokens\/([^/]+)$/.exec(request.path);
    if (deleted && request.method === "DELETE") {
      state.deletedRefreshTokens.push(decodeURIComponent(deleted[1] ?? ""));
      response.writeHead(204).end();
      return;
    }
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1] ?? "";
    if (!acceptsToken(token)) {
      return hubspotError(
        response,
        401,
        "Authentication credentials not found. This API supports OAuth 2.0 authentication and you can find more details at https://developers.hubspot.com/docs/methods/auth/oauth-overview",
        "INVALID_AUTHENTICATION",
      );
    }
    const body = request.body ? JSON.parse(request.body) : {};
    const parts = request.path.split("/").filter(Boolean).map(decodeURIComponent);
    const [crm, version, area, type = "", ...rest] = parts;
    if (crm !== "crm") return hubspotError(response, 404, "Not found", "OBJECT_NOT_FOUND");

    if (version === "v3" && area === "owners") {
      const email = request.query.get("email");
      const owners = state.owners.filter((owner) => !email || owner.email === email);
      const limit = Number(request.query.get("limit") ?? 100);
      return json(
        response,
        200,
        paged(owners, request.query.get("after"), limit, "https://api.hubapi.com/crm/v3/owners"),
      );
    }
    if (version === "v3" && area === "pipelines" && request.method === "GET") {
      if (type !== "deals") return json(response, 200, { results: [] });
      return json(response, 200, {
        results: [
          {
            id: "default",
            label: "Sales Pipeline",
            displayOrder: 0,
            archived: false,
            createdAt: STAMP,
            updatedAt: STAMP,
            stages: [
              {
                id: "appointmentscheduled",
                label: "Appointment Scheduled",
                displayOrder: 0,
                metadata: { isClosed: "false", probability: "0.2" },
                archived: false,
                createdAt: STAMP,
                updatedAt: STAMP,
              },
              {
                id: "closedwon",
                label: "Closed Won",
                displayOrder: 1,
                metadata: { isClosed: "true", probability: "1.0" },
                archived: false,
                createdAt: STAMP,
                updatedAt: STAMP,
              },
            ],
          },
        ],
      });
    }
    if (area !== "objects" || !TYPES.has(type)) {
      return hubspotError(response, 400, `Unable to infer object type from: ${type}`, "VALIDATION_ERROR");
    }

    if (version === "v4") {
      const [id = "", segment, third, fourth] = rest;
      if (segment !== "associations") return hubspotError(response, 404, "Not found", "OBJECT_NOT_FOUND");
      if (request.method === "PUT" && third === "default" && fourth) {
        const toId = rest[4] ?? "";
        if (!find(type, id) || !find(fourth, toId)) {
          return hubspotError(
            response,
            404,
            `No ${!find(type, id) ? type : fourth} with ID ${!find(type, id) ? id : toId} exist`,
            "OBJECT_NOT_FOUND",
          );
        }
        const typeId = associate(type, id, fourth, toId);
        return json(response, 200, {
          status: "COMPLETE",
          results: [
            {
              from: { id },
              to: { id: toId },
              associationSpec: { associationCategory: "HUBSPOT_DEFINED", associationTypeId: typeId },
            },
          ],
          startedAt: STAMP,
          completedAt: STAMP,
        });
      }
      if (request.method === "GET" && third) {
        const linked = state.associations
          .filter((item) => item.fromType === type && item.fromId === id && item.toType === third)
          .map((item) => ({
            toObjectId: Number(item.toId),
            associationTypes: [{ category: "HUBSPOT_DEFINED", typeId: item.typeId, label: null }],
          }));
        const limit = Number(request.query.get("limit") ?? 500);
        return json(
          response,
          200,
          paged(
            linked,
            request.query.get("after"),
            limit,
            `https://api.hubapi.com/crm/v4/objects/${type}/${id}/associations/${third}`,
          ),
        );
      }
      return hubspotError(response, 405, "Method not allowed", "VALIDATION_ERROR");
    }

    const [id] = rest;
    if (request.method === "POST" && id === "search") {
      let found = state.records.filter((record) => record.type === type);
      const groups = (body.filterGroups ?? []) as { filters: Filter[] }[];
      // The search guide's limits: 200 records a page, 5 groups of at most 6 filters, 18 in all.
      const filterCount = groups.reduce((sum, group) => sum + group.filters.length, 0);
      if (Number(body.limit ?? 10) > 200)
        return hubspotError(response, 400, "limit must be less than or equal to 200", "VALIDATION_ERROR");
      if (groups.length > 5 || groups.some((group) => group.filters.length > 6) || filterCount > 18)
        return hubspotError(
          response,
          400,
          "Too many filters: at most 5 filterGroups of 6 filters each, 18 filters in total.",
          "VALIDATION_ERROR",
        );
      if (groups.length > 0)
        found = found.filter((record) =>
          groups.some((group) => group.filters.every((f) => matches(record, f))),
        );
      if (body.query) {
        const q = String(body.query).toLowerCase();
        found = found.filter((record) =>
          Object.values(record.properties).some((value) => value.toLowerCase().includes(q)),
        );
      }
      const sort = body.sorts?.[0] as { propertyName: string; direction: string } | undefined;
      if (sort) {
        found = [...found].sort(
          (a, b) =>
            (a.properties[sort.propertyName] ?? "").localeCompare(b.properties[sort.propertyName] ?? "") *
            (sort.direction === "DESCENDING" ? -1 : 1),
        );
      }
      const page = paged(
        found.map((record) => publicRecord(record, body.properties)),
        body.after,
        body.limit ?? 10,
        "",
      );
      // Search answers carry no link (search reference).
      const next = page.paging?.next.after;
      return json(response, 200, {
        total: found.length,
        results: page.results,
        ...(next ? { paging: { next: { after: next } } } : {}),
      });
    }
    if (request.method === "POST" && id === "batch" && rest[1] === "read") {
      const results = (body.inputs as { id: string }[])
        .map((input) => find(type, input.id))
        .filter((record): record is FakeRecord => Boolean(record))
        .map((record) => publicRecord(record, body.properties));
      return json(response, 200, { status: "COMPLETE", results, startedAt: STAMP, completedAt: STAMP });
    }
    if (request.method === "POST" && !id) {
      const properties = Object.fromEntries(
        Object.entries(body.properties ?? {}).map(([k, v]) => [k, String(v)]),
      );
      if (type === "contacts" && properties.email) {
        const existing = find("contacts", properties.email, "email");
        if (existing)
          return hubspotError(
            response,
            409,
            `Contact already exists. Existing ID: ${existing.id}`,
            "CONFLICT",
          );
      }
      if (type === "notes" && !properties.hs_timestamp) {
        return hubspotError(
          response,
          400,
          "Property values were not valid: hs_timestamp is required",
          "VALIDATION_ERROR",
        );
      }
      const record: FakeRecord = { id: String(nextId++), type, properties };
      state.records.push(record);
      for (const association of (body.associations ?? []) as {
        to: { id: string };
        types: { associationTypeId: number }[];
      }[]) {
        const target = state.records.find((item) => item.id === association.to.id);
        if (target)
          associate(type, record.id, target.type, target.id, association.types[0]?.associationTypeId);
      }
      return json(response, 201, publicRecord(record));
    }
    if (request.method === "GET" && !id) {
      const properties = request.query.get("properties")?.split(",");
      const all = state.records
        .filter((record) => record.type === type)
        .map((record) => publicRecord(record, properties));
      const limit = Number(request.query.get("limit") ?? 10);
      return json(
        response,
        200,
        paged(all, request.query.get("after"), limit, `https://api.hubapi.com/crm/v3/objects/${type}`),
      );
    }
    const record = id ? find(type, id, request.query.get("idProperty")) : undefined;
    if (!record) return hubspotError(response, 404, "resource not found", "OBJECT_NOT_FOUND");
    if (request.method === "GET") {
      const properties = request.query.get("properties")?.split(",");
      const linked = request.query.get("associations")?.split(",") ?? [];
      const associations = Object.fromEntries(
        linked.map((toType) => [
          toType,
          {
            results: state.associations
              .filter((item) => item.fromType === type && item.fromId === record.id && item.toType === toType)
              .map((item) => ({
                id: item.toId,
                type: `${SINGULAR[type]}_to_${SINGULAR[toType]}`,
              })),
          },
        ]),
      );
      return json(response, 200, {
        ...publicRecord(record, properties),
        ...(linked.length ? { associations } : {}),
      });
    }
    if (request.method === "PATCH") {
      for (const [name, value] of Object.entries(body.properties ?? {}))
        record.properties[name] = String(value);
      return json(response, 200, publicRecord(record));
    }
    return hubspotError(response, 405, "Method not allowed", "VALIDATION_ERROR");
  });
  // The arrays are shared: tests reset them in place (splice), the handlers read them.
  return { ...http, ...state };
}
