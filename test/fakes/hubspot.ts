// A fake HubSpot CRM API, written from HubSpot's reference (not from Portico's code): objects v3
// (search with filterGroups and `after` paging, get with properties/associations/idProperty, create,
// update, batch read), associations v4 (list, default create), owners v3 and pipelines v3, with
// HubSpot's error body { status: "error", message, correlationId, category }, and the account information
// API's details of the portal a token reaches.
// https://developers.hubspot.com/docs/api-reference/crm-search-v3/guide
// https://developers.hubspot.com/docs/api-reference/crm-associations-v4/guide
// https://developers.hubspot.com/docs/api-reference/latest/account/account-information/get-account-details
// Several portals: a token mapped to another portal id (identities, or identify for the OAuth fake's
// identityOf) reads and writes that portal's own CRM records; every other token reaches the default
// portal (records, associations, owners). `served` records which token each request carried and which
// portal answered it.
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

export interface FakeOwner {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  userId: number;
}

/** One HubSpot account (portal): what account-info details says of it, and its CRM data. */
export interface FakePortal {
  portalId: number;
  accountType: "STANDARD" | "DEVELOPER_TEST" | "SANDBOX" | "APP_DEVELOPER";
  timeZone: string;
  companyCurrency: string;
  uiDomain: string;
  dataHostingLocation: string;
  records: FakeRecord[];
  associations: FakeAssociation[];
  owners: FakeOwner[];
}

/** An authenticated request: the token it carried and the portal that answered it. */
export interface HubSpotServed {
  token: string;
  portalId: number;
  method: string;
  path: string;
}

export interface FakeHubSpot extends HttpFake {
  /** The default portal's CRM data (the arrays of `portal`): what a token of nobody in particular reaches. */
  records: FakeRecord[];
  associations: FakeAssociation[];
  owners: FakeOwner[];
  /** Refresh tokens deleted with DELETE /oauth/v1/refresh-tokens/{token} (answered 204, no auth needed). */
  deletedRefreshTokens: string[];
  /** The default portal (id 62515). */
  portal: FakePortal;
  /** Other portals by id (addPortal, or made empty when a token first names one). */
  portals: Map<number, FakePortal>;
  /** Access token → the id of the portal it reaches. */
  identities: Map<string, number>;
  /** Asked for tokens not in `identities` (e.g. the OAuth fake's identityOf, mapped to a portal id). */
  identify: ((token: string) => number | undefined) | undefined;
  /** Adds (or replaces) a portal; its CRM data starts empty unless given. */
  addPortal(portalId: number, data?: Partial<Omit<FakePortal, "portalId">>): FakePortal;
  /** The portal id a token reaches. */
  portalOf(token: string): number;
  /** Every authenticated request, in order, with its token and the portal that answered it. */
  served: HubSpotServed[];
}

export const DEFAULT_PORTAL_ID = 62515;

const portalNamed = (portalId: number, data: Partial<Omit<FakePortal, "portalId">> = {}): FakePortal => ({
  portalId,
  accountType: "STANDARD",
  timeZone: "Europe/Prague",
  companyCurrency: "CZK",
  uiDomain: "app-eu1.hubspot.com",
  dataHostingLocation: "eu1",
  records: [],
  associations: [],
  owners: [],
  ...data,
});

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

/** utcOffset and utcOffsetMilliseconds as account-info details gives them (fixed offsets are enough here). */
function utcOffsetOf(timeZone: string) {
  const minutes = { "Europe/Prague": 60, "US/Eastern": -300 }[timeZone] ?? 0;
  const sign = minutes < 0 ? "-" : "+";
  const hours = String(Math.floor(Math.abs(minutes) / 60)).padStart(2, "0");
  const rest = String(Math.abs(minutes) % 60).padStart(2, "0");
  return { utcOffset: `${sign}${hours}:${rest}`, utcOffsetMilliseconds: minutes * 60_000 };
}

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
  const portal = portalNamed(DEFAULT_PORTAL_ID);
  const portals = new Map<number, FakePortal>();
  const identities = new Map<string, number>();
  const deletedRefreshTokens: string[] = [];
  let fake!: FakeHubSpot;
  const portalFor = (token: string): FakePortal => {
    const id = identities.get(token) ?? fake.identify?.(token);
    if (id === undefined || (id === DEFAULT_PORTAL_ID && !portals.has(id))) return portal;
    return portals.get(id) ?? fake.addPortal(id);
  };
  const find = (portal: FakePortal, type: string, id: string, idProperty?: string | null) =>
    portal.records.find(
      (record) =>
        record.type === type && (idProperty ? record.properties[idProperty] === id : record.id === id),
    );
  const associate = (
    portal: FakePortal,
    fromType: string,
    fromId: string,
    toType: string,
    toId: string,
    typeId?: number,
  ) => {
    const forward = typeId ?? DEFAULT_TYPE[`${fromType}>${toType}`] ?? 1;
    const back = DEFAULT_TYPE[`${toType}>${fromType}`] ?? 1;
    for (const [a, aId, b, bId, id] of [
      [fromType, fromId, toType, toId, forward],
      [toType, toId, fromType, fromId, back],
    ] as const) {
      const known = portal.associations.some(
        (item) => item.fromType === a && item.fromId === aId && item.toType === b && item.toId === bId,
      );
      if (!known) portal.associations.push({ fromType: a, fromId: aId, toType: b, toId: bId, typeId: id });
    }
    return forward;
  };

  const http = await startHttpFake((request: RecordedRequest, response) => {
    const deleted = /^\/oauth\/v1\/refresh-tokens\/([^/]+)$/.exec(request.path);
    if (deleted && request.method === "DELETE") {
      deletedRefreshTokens.push(decodeURIComponent(deleted[1] ?? ""));
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
    const portal = portalFor(token);
    fake.served.push({ token, portalId: portal.portalId, method: request.method, path: request.path });
    // Account information API: the portal the token reaches (the current date version and the legacy v3).
    if (
      request.method === "GET" &&
      (request.path === "/account-info/2026-03/details" || request.path === "/account-info/v3/details")
    ) {
      const { records: _r, associations: _a, owners: _o, ...details } = portal;
      return json(response, 200, { ...details, additionalCurrencies: [], ...utcOffsetOf(details.timeZone) });
    }
    const body = request.body ? JSON.parse(request.body) : {};
    const parts = request.path.split("/").filter(Boolean).map(decodeURIComponent);
    const [crm, version, area, type = "", ...rest] = parts;
    if (crm !== "crm") return hubspotError(response, 404, "Not found", "OBJECT_NOT_FOUND");

    if (version === "v3" && area === "owners") {
      const email = request.query.get("email");
      const owners = portal.owners.filter((owner) => !email || owner.email === email);
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
        if (!find(portal, type, id) || !find(portal, fourth, toId)) {
          return hubspotError(
            response,
            404,
            `No ${!find(portal, type, id) ? type : fourth} with ID ${!find(portal, type, id) ? id : toId} exist`,
            "OBJECT_NOT_FOUND",
          );
        }
        const typeId = associate(portal, type, id, fourth, toId);
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
        const linked = portal.associations
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
      let found = portal.records.filter((record) => record.type === type);
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
        .map((input) => find(portal, type, input.id))
        .filter((record): record is FakeRecord => Boolean(record))
        .map((record) => publicRecord(record, body.properties));
      return json(response, 200, { status: "COMPLETE", results, startedAt: STAMP, completedAt: STAMP });
    }
    if (request.method === "POST" && !id) {
      const properties = Object.fromEntries(
        Object.entries(body.properties ?? {}).map(([k, v]) => [k, String(v)]),
      );
      if (type === "contacts" && properties.email) {
        const existing = find(portal, "contacts", properties.email, "email");
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
      portal.records.push(record);
      for (const association of (body.associations ?? []) as {
        to: { id: string };
        types: { associationTypeId: number }[];
      }[]) {
        const target = portal.records.find((item) => item.id === association.to.id);
        if (target)
          associate(portal, type, record.id, target.type, target.id, association.types[0]?.associationTypeId);
      }
      return json(response, 201, publicRecord(record));
    }
    if (request.method === "GET" && !id) {
      const properties = request.query.get("properties")?.split(",");
      const all = portal.records
        .filter((record) => record.type === type)
        .map((record) => publicRecord(record, properties));
      const limit = Number(request.query.get("limit") ?? 10);
      return json(
        response,
        200,
        paged(all, request.query.get("after"), limit, `https://api.hubapi.com/crm/v3/objects/${type}`),
      );
    }
    const record = id ? find(portal, type, id, request.query.get("idProperty")) : undefined;
    if (!record) return hubspotError(response, 404, "resource not found", "OBJECT_NOT_FOUND");
    if (request.method === "GET") {
      const properties = request.query.get("properties")?.split(",");
      const linked = request.query.get("associations")?.split(",") ?? [];
      const associations = Object.fromEntries(
        linked.map((toType) => [
          toType,
          {
            results: portal.associations
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
  // The default portal's arrays are shared: tests reset them in place (splice), the handlers read them.
  fake = {
    ...http,
    records: portal.records,
    associations: portal.associations,
    owners: portal.owners,
    deletedRefreshTokens,
    portal,
    portals,
    identities,
    identify: undefined,
    addPortal(portalId, data) {
      const added = portalNamed(portalId, data);
      portals.set(portalId, added);
      return added;
    },
    portalOf: (token) => portalFor(token).portalId,
    served: [],
  };
  return fake;
}
