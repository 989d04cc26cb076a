// A fake Salesforce org instance, written from the REST API reference (not from Portico's code): the
// Versions resource (GET /services/data/, no authentication, [{ label, url, version }]) and the REST API
// under each listed version's url, SOQL with query locators (nextRecordsUrl) when a result is larger than one
// batch, SOSL search, describe global and describe sObject, sObject rows (GET with fields, POST 201
// { id, success, errors }, PATCH 204), and Salesforce's error body [{ message, errorCode }].
// https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_query.htm
// https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/errorcodes.htm
// https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/dome_versions.htm
// The OpenID Connect UserInfo endpoint (GET /services/oauth2/userinfo) answers the token's user and org;
// `identities` gives other tokens other users or orgs (fields over `userinfo`, the default's).
// https://help.salesforce.com/s/articleView?id=xcloud.remoteaccess_using_userinfo_endpoint.htm
import type { ServerResponse } from "node:http";
import { type HttpFake, json, type RecordedRequest, startHttpFake } from "./http-fake.ts";

export type SalesforceRecord = Record<string, unknown> & { Id: string };

/** The UserInfo fields a test cares about; the fake adds the rest of the documented answer. */
export interface SalesforceUserinfo {
  user_id: string;
  organization_id: string;
  preferred_username: string;
  name: string;
  email: string;
}

export interface FakeSalesforce extends HttpFake {
  records: Record<string, SalesforceRecord[]>;
  /** Records per query batch (Salesforce's default is 2,000; small here to page). */
  batchSize: number;
  /** Who a token of nobody in particular is (UserInfo). */
  userinfo: SalesforceUserinfo;
  /** Access token → another user or org (its fields over `userinfo`). */
  identities: Map<string, Partial<SalesforceUserinfo>>;
  /** The Versions answer (as the instance lists them, not in order); a number answers that HTTP error. */
  versions: unknown;
}

const API = "/services/data/v67.0";
const VERSIONS = [
  { label: "Summer '14", url: "/services/data/v31.0", version: "31.0" },
  { label: "Summer '26", url: "/services/data/v67.0", version: "67.0" },
  { label: "Spring '26", url: "/services/data/v66.0", version: "66.0" },
];
const LOCATOR = "01gRM00000AbCdEYAN";

const sfError = (response: ServerResponse, status: number, errorCode: string, message: string) =>
  json(response, status, [{ message, errorCode }]);

const FIELDS: Record<string, { name: string; type: string; nillable: boolean; extra?: object }[]> = {
  Account: [
    { name: "Id", type: "id", nillable: false },
    { name: "Name", type: "string", nillable: false },
    {
      name: "Industry",
      type: "picklist",
      nillable: true,
      extra: {
        picklistValues: [
          { value: "Banking", label: "Banking", active: true, defaultValue: false },
          { value: "Retired", label: "Retired", active: false, defaultValue: false },
        ],
      },
    },
    {
      name: "OwnerId",
      type: "reference",
      nillable: false,
      extra: { referenceTo: ["User"], relationshipName: "Owner", defaultedOnCreate: true },
    },
  ],
};

export async function startFakeSalesforce(acceptsToken: (token: string) => boolean): Promise<FakeSalesforce> {
  let nextId = 100;
  const records: FakeSalesforce["records"] = { Account: [], Contact: [] };
  const attributes = (type: string, id: string) => ({ type, url: `${API}/sobjects/${type}/${id}` });
  const withAttributes = (type: string, record: SalesforceRecord) => ({
    attributes: attributes(type, record.Id),
    ...record,
  });
  // The SOQL the fake understands: SELECT <fields> FROM <object> [LIMIT n]; anything else is malformed.
  const soql = (query: string) => {
    const match =
      /^SELECT\s+(.+?)\s+FROM\s+(\w+)(?:\s+WHERE\s+.+?)?(?:\s+ORDER BY\s+.+?)?(?:\s+LIMIT\s+(\d+))?$/i.exec(
        query.trim(),
      );
    if (!match) return null;
    const [, fieldList = "", object = "", limit] = match;
    const fields = fieldList.split(",").map((field) => field.trim());
    const rows = (records[object] ?? []).slice(0, limit ? Number(limit) : undefined);
    return rows.map((row) => ({
      attributes: attributes(object, row.Id),
      ...Object.fromEntries(fields.map((field) => [field, row[field] ?? null])),
    }));
  };
  const results = new Map<string, unknown[]>();

  const http = await startHttpFake((request: RecordedRequest, response) => {
    // The Versions resource needs no authentication.
    if (request.method === "GET" && request.path === "/services/data/") {
      if (typeof fake.versions === "number")
        return sfError(response, fake.versions, "SERVER_UNAVAILABLE", "Service temporarily unavailable");
      return json(response, 200, fake.versions);
    }
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1] ?? "";
    if (!acceptsToken(token))
      return sfError(response, 401, "INVALID_SESSION_ID", "Session expired or invalid");
    if (request.method === "GET" && request.path === "/services/oauth2/userinfo") {
      const who = { ...fake.userinfo, ...fake.identities.get(token) };
      const [given = "", family = ""] = who.name.split(" ");
      const rest = `${fake.url}${API.replace("v67.0", "v{version}")}`;
      return json(response, 200, {
        sub: `https://login.salesforce.com/id/${who.organization_id}/${who.user_id}`,
        user_id: who.user_id,
        organization_id: who.organization_id,
        preferred_username: who.preferred_username,
        nickname: who.preferred_username.split("@")[0],
        name: who.name,
        email: who.email,
        email_verified: true,
        given_name: given,
        family_name: family,
        zoneinfo: "Europe/Prague",
        active: true,
        user_type: "STANDARD",
        language: "en_US",
        locale: "en_US",
        utcOffset: 3600000,
        updated_at: "2026-03-02T10:00:00Z",
        is_app_installed: true,
        urls: {
          rest: `${rest}/`,
          sobjects: `${rest}/sobjects/`,
          query: `${rest}/query/`,
          search: `${rest}/search/`,
        },
      });
    }
    // Only the newest listed version is served here, so a call under another one is noticed.
    if (!request.path.startsWith(`${API}/`))
      return sfError(response, 404, "NOT_FOUND", "The requested resource does not exist");
    const path = request.path.slice(API.length);
    const batch = (all: unknown[], offset: number) => {
      const next = offset + fake.batchSize;
      const done = next >= all.length;
      return {
        totalSize: all.length,
        done,
        ...(done ? {} : { nextRecordsUrl: `${API}/query/${LOCATOR}-${next}` }),
        records: all.slice(offset, next),
      };
    };

    if (request.method === "GET" && (path === "/query/" || path === "/queryAll/")) {
      const rows = soql(request.query.get("q") ?? "");
      if (!rows) {
        return sfError(response, 400, "MALFORMED_QUERY", "unexpected token: 'SELEC'");
      }
      results.set(LOCATOR, rows);
      return json(response, 200, batch(rows, 0));
    }
    const locator = /^\/query\/(\w+)-(\d+)$/.exec(path);
    if (request.method === "GET" && locator) {
      const rows = results.get(locator[1] ?? "");
      if (!rows) return sfError(response, 400, "INVALID_QUERY_LOCATOR", "invalid query locator");
      return json(response, 200, batch(rows, Number(locator[2])));
    }
    if (request.method === "GET" && path === "/search/") {
      const term = /^FIND \{([^}*]+)\*?\}/.exec(request.query.get("q") ?? "")?.[1]?.toLowerCase();
      if (!term) return sfError(response, 400, "MALFORMED_SEARCH", "No search term found.");
      const searchRecords = Object.entries(records).flatMap(([type, rows]) =>
        rows
          .filter((row) =>
            String(row.Name ?? "")
              .toLowerCase()
              .includes(term),
          )
          .map((row) => ({ attributes: attributes(type, row.Id), Id: row.Id, Name: row.Name })),
      );
      return json(response, 200, { searchRecords });
    }
    // GET /parameterizedSearch/: q (2+ characters), repeated sobject with <Object>.fields and
    // <Object>.limit, in, overallLimit, offset (only with one sobject).
    if (request.method === "GET" && path === "/parameterizedSearch/") {
      const q = (request.query.get("q") ?? "").toLowerCase();
      if (q.trim().length < 2)
        return sfError(response, 400, "INVALID_SEARCH", "search term must be longer than one character");
      const types = request.query.getAll("sobject");
      const offset = Number(request.query.get("offset") ?? 0);
      if (request.query.has("offset") && types.length !== 1)
        return sfError(response, 400, "INVALID_SEARCH", "offset requires exactly one sobject");
      const searchRecords = Object.entries(records)
        .filter(([type]) => types.length === 0 || types.includes(type))
        .flatMap(([type, rows]) => {
          const fields = (request.query.get(`${type}.fields`) ?? "Id").split(",");
          const limit = Number(request.query.get(`${type}.limit`) ?? 2000);
          return rows
            .filter((row) =>
              String(row.Name ?? "")
                .toLowerCase()
                .includes(q),
            )
            .slice(offset, offset + limit)
            .map((row) => ({
              attributes: attributes(type, row.Id),
              ...Object.fromEntries(fields.map((field) => [field, row[field] ?? null])),
            }));
        })
        .slice(0, Number(request.query.get("overallLimit") ?? 2000));
      return json(response, 200, { searchRecords });
    }
    if (request.method === "GET" && path === "/sobjects/") {
      return json(response, 200, {
        encoding: "UTF-8",
        maxBatchSize: 200,
        sobjects: [
          ["Account", "Account", false, "001"],
          ["Contact", "Contact", false, "003"],
          ["Invoice__c", "Invoice", true, "a01"],
        ].map(([name, label, custom, keyPrefix]) => ({
          activateable: false,
          createable: true,
          custom,
          customSetting: false,
          deletable: true,
          keyPrefix,
          label,
          labelPlural: `${label}s`,
          layoutable: true,
          name,
          queryable: true,
          searchable: true,
          updateable: true,
          urls: { sobject: `${API}/sobjects/${name}`, describe: `${API}/sobjects/${name}/describe` },
        })),
      });
    }
    const describe = /^\/sobjects\/(\w+)\/describe\/$/.exec(path);
    if (request.method === "GET" && describe) {
      const fields = FIELDS[describe[1] ?? ""];
      if (!fields) return sfError(response, 404, "NOT_FOUND", "The requested resource does not exist");
      return json(response, 200, {
        name: describe[1],
        label: describe[1],
        createable: true,
        updateable: true,
        custom: false,
        fields: fields.map((field) => ({
          name: field.name,
          label: field.name,
          type: field.type,
          length: field.type === "string" ? 255 : 0,
          nillable: field.nillable,
          createable: field.name !== "Id",
          updateable: field.name !== "Id",
          defaultedOnCreate: false,
          referenceTo: [],
          relationshipName: null,
          picklistValues: [],
          ...field.extra,
        })),
        childRelationships: [
          { relationshipName: "Contacts", childSObject: "Contact", field: "AccountId", cascadeDelete: false },
          { relationshipName: null, childSObject: "AccountHistory", field: "AccountId", cascadeDelete: true },
        ],
        urls: {},
      });
    }
    const create = /^\/sobjects\/(\w+)\/$/.exec(path);
    if (request.method === "POST" && create) {
      const type = create[1] ?? "";
      const fields = JSON.parse(request.body) as Record<string, unknown>;
      if (type === "Account" && !fields.Name) {
        return sfError(response, 400, "REQUIRED_FIELD_MISSING", "Required fields are missing: [Name]");
      }
      const id = `001RM0000${String(nextId++).padStart(6, "0")}AAA`;
      records[type] = [...(records[type] ?? []), { Id: id, ...fields }];
      return json(response, 201, { id, success: true, errors: [] });
    }
    const row = /^\/sobjects\/(\w+)\/(\w{15}(?:\w{3})?)$/.exec(path);
    if (row) {
      const type = row[1] ?? "";
      const found = records[type]?.find((record) => record.Id === row[2]);
      if (!found) return sfError(response, 404, "NOT_FOUND", "The requested resource does not exist");
      if (request.method === "GET") {
        const fields = request.query.get("fields")?.split(",");
        const chosen = fields
          ? { Id: found.Id, ...Object.fromEntries(fields.map((f) => [f, found[f] ?? null])) }
          : found;
        return json(response, 200, withAttributes(type, chosen as SalesforceRecord));
      }
      if (request.method === "PATCH") {
        Object.assign(found, JSON.parse(request.body));
        response.writeHead(204).end();
        return;
      }
    }
    return sfError(response, 404, "NOT_FOUND", "The requested resource does not exist");
  });
  const fake: FakeSalesforce = {
    ...http,
    records,
    batchSize: 2000,
    userinfo: {
      user_id: "005RM0000000001AAA",
      organization_id: "00DRM0000000001AAA",
      preferred_username: "petr@acme.test",
      name: "Petr Novak",
      email: "petr@acme.test",
    },
    identities: new Map(),
    versions: VERSIONS,
  };
  return fake;
}
