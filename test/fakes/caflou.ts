// A fake Caflou API v1, from Caflou's documentation and its OpenAPI description
// (src/integrations/caflou/REFERENCES.md): Bearer token, the account id in the path, lists paged with
// `page` and `per` (default 20, at most 1,000) and filtered with filter[<name>], answering the envelope
// { results, total_results, total_pages, page } the live-tested client reads (`listShape = "array"`:
// the bare array of the OpenAPI description; "other": an answer of neither shape),
// GET/PATCH/DELETE (204) /<resource>/{id}, POST /<resource> (201) with the required fields of the
// OpenAPI description (`name`; time entries `start_time` too; invoices and timesheets theirs),
// /companies/{company_id}/contacts, and GET /api/v1/accounts (the user's accounts, outside the
// account's path). Error bodies are not documented: this fake answers { error }. Tokens come from POST
// /api/v1/login with the user's email and password as Basic auth (the documented login); its answer
// carries `access_token` and `expires_at` (seconds), as the published client reads it. expireTokens()
// makes every token issued so far refused, as Caflou does a week after issuing one.
import { type HttpFake, json, type RecordedRequest, startHttpFake } from "./http-fake.ts";

export type CaflouRecord = Record<string, unknown> & { id: number };
const RESOURCES = [
  "companies",
  "contacts",
  "projects",
  "tasks",
  "invoices",
  "time_entries",
  "timesheets",
] as const;
const REQUIRED: Record<string, string[]> = {
  time_entries: ["name", "start_time"],
  invoices: ["currency", "date_of_issue", "kind", "name"],
  timesheets: ["end_time", "hours", "name", "rate_type_id", "start_time", "unit", "value"],
};

export interface FakeCaflou extends HttpFake {
  records: Record<(typeof RESOURCES)[number], CaflouRecord[]>;
  /** Tokens issued by logins so far (the last one is the valid one unless expired). */
  issued: string[];
  /** Refuse every token issued so far. */
  expireTokens(): void;
  /** How long the next tokens are said to last, in seconds (a week by default). */
  lifetimeSeconds: number;
  /** Refuse every login (the password was changed). */
  refuseLogins: boolean;
  /** How lists answer (see above). */
  listShape: "envelope" | "array" | "other";
  /** The accounts GET /api/v1/accounts lists. */
  accounts: { id: number | string; name: string }[];
}

export async function startFakeCaflou(expected: {
  email: string;
  password: string;
  accountId: string;
}): Promise<FakeCaflou> {
  let nextId = 700;
  const records = Object.fromEntries(RESOURCES.map((name) => [name, []])) as unknown as FakeCaflou["records"];
  const valid = new Set<string>();
  const basic = `Basic ${Buffer.from(`${expected.email}:${expected.password}`).toString("base64")}`;
  const http = await startHttpFake((request: RecordedRequest, response) => {
    if (request.path === "/api/v1/login") {
      if (request.method !== "POST") return json(response, 405, { error: "Method not allowed" });
      if (fake.refuseLogins || request.headers.authorization !== basic)
        return json(response, 401, { error: "Invalid credentials" });
      const token = `caflou-session-${fake.issued.length + 1}`;
      fake.issued.push(token);
      valid.add(token);
      return json(response, 200, {
        access_token: token,
        expires_at: Math.floor(Date.now() / 1000) + fake.lifetimeSeconds,
      });
    }
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    if (!bearer || !valid.has(bearer)) return json(response, 401, { error: "Unauthorized" });
    if (request.path === "/api/v1/accounts") {
      if (request.method !== "GET") return json(response, 405, { error: "Method not allowed" });
      return answerList(response, fake.accounts, 1, fake.accounts.length || 1);
    }
    const parts = request.path.split("/").filter(Boolean);
    // /companies/{company_id}/contacts: that company's contacts.
    const nested = parts[3] === "companies" && parts[5] === "contacts" && parts.length === 6;
    const [api, version, account, resource = "", id, ...rest] = nested
      ? [...parts.slice(0, 3), "contacts"]
      : parts;
    if (api !== "api" || version !== "v1" || rest.length > 0 || !(resource in records)) {
      return json(response, 404, { error: "Not found" });
    }
    if (account !== expected.accountId)
      return json(response, 403, { error: "You have no access to this account" });
    const all = records[resource as keyof FakeCaflou["records"]];
    const list = nested ? all.filter((item) => String(item.company_id) === parts[4]) : all;
    const body = request.body ? (JSON.parse(request.body) as Record<string, unknown>) : {};
    if (id === undefined && request.method === "POST") {
      const missing = (REQUIRED[resource] ?? ["name"]).filter((key) => body[key] === undefined);
      if (missing.length > 0) return json(response, 422, { error: `${missing.join(", ")} can't be blank` });
      const created = { ...body, id: nextId++ };
      list.push(created);
      return json(response, 201, created);
    }
    if (id !== undefined) {
      const record = list.find((item) => item.id === Number(id));
      if (!record) return json(response, 404, { error: "Record not found" });
      if (request.method === "GET") return json(response, 200, record);
      if (request.method === "PATCH") return json(response, 200, Object.assign(record, body));
      if (request.method === "DELETE") {
        all.splice(all.indexOf(record), 1);
        response.writeHead(204).end();
        return;
      }
      return json(response, 405, { error: "Method not allowed" });
    }
    if (request.method !== "GET") return json(response, 405, { error: "Method not allowed" });
    const per = Number(request.query.get("per") ?? 20);
    if (per > 1000) return json(response, 422, { error: "per must be at most 1000" });
    const page = Number(request.query.get("page") ?? 1);
    let found = [...list];
    for (const [key, value] of request.query) {
      const name = /^filter\[(\w+)\]$/.exec(key)?.[1];
      if (!name) continue;
      found = found.filter((item) => {
        if (name === "search") return JSON.stringify(item).toLowerCase().includes(value.toLowerCase());
        if (name === "company_ids") return value.split(",").includes(String(item.company_id));
        if (name === "start_date") return String(item.start_date ?? "") >= value;
        return String(item[name]) === value;
      });
    }
    return answerList(response, found, page, per);
  });
  function answerList(response: Parameters<typeof json>[0], found: unknown[], page: number, per: number) {
    const results = found.slice((page - 1) * per, page * per);
    if (fake.listShape === "array") return json(response, 200, results);
    if (fake.listShape === "other") return json(response, 200, { data: results, meta: { page } });
    return json(response, 200, {
      results,
      total_results: found.length,
      total_pages: Math.ceil(found.length / per),
      page,
    });
  }
  const fake: FakeCaflou = {
    ...http,
    records,
    issued: [],
    lifetimeSeconds: 7 * 24 * 60 * 60,
    refuseLogins: false,
    listShape: "envelope",
    accounts: [],
    expireTokens: () => valid.clear(),
  };
  return fake;
}
