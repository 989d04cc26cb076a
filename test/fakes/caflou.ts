// A fake Caflou API v1, from Caflou's documentation (https://documenter.getpostman.com/view/4786951/RWMFrTQC):
// Bearer token, the account id in the path, lists paged with `page` and `per` (default 20, at most
// 1,000) and filtered with filter[<name>]. Answer and error bodies are not readable in that
// documentation (src/integrations/caflou/REFERENCES.md): lists answer a JSON array, errors { error }.
import { type HttpFake, json, type RecordedRequest, startHttpFake } from "./http-fake.ts";

export type CaflouRecord = Record<string, unknown> & { id: number };
const RESOURCES = ["companies", "contacts", "projects", "tasks", "invoices", "time_entries"] as const;

export interface FakeCaflou extends HttpFake {
  records: Record<(typeof RESOURCES)[number], CaflouRecord[]>;
}

export async function startFakeCaflou(expected: { token: string; accountId: string }): Promise<FakeCaflou> {
  const records = Object.fromEntries(RESOURCES.map((name) => [name, []])) as unknown as FakeCaflou["records"];
  const http = await startHttpFake((request: RecordedRequest, response) => {
    if (request.headers.authorization !== `Bearer ${expected.token}`) {
      return json(response, 401, { error: "Unauthorized" });
    }
    const [api, version, account, resource = "", id, ...rest] = request.path.split("/").filter(Boolean);
    if (api !== "api" || version !== "v1" || rest.length > 0 || !(resource in records)) {
      return json(response, 404, { error: "Not found" });
    }
    if (account !== expected.accountId)
      return json(response, 403, { error: "You have no access to this account" });
    if (request.method !== "GET") return json(response, 405, { error: "Method not allowed" });
    const list = records[resource as keyof FakeCaflou["records"]];
    if (id !== undefined) {
      const record = list.find((item) => item.id === Number(id));
      return record ? json(response, 200, record) : json(response, 404, { error: "Record not found" });
    }
    const per = Number(request.query.get("per") ?? 20);
    if (per > 1000) return json(response, 422, { error: "per must be at most 1000" });
    const page = Number(request.query.get("page") ?? 1);
    let found = [...list];
    for (const [key, value] of request.query) {
      const name = /^filter\[(\w+)\]$/.exec(key)?.[1];
      if (!name) continue;
      found = found.filter((item) =>
        name === "search"
          ? JSON.stringify(item).toLowerCase().includes(value.toLowerCase())
          : String(item[name]) === value,
      );
    }
    return json(response, 200, found.slice((page - 1) * per, page * per));
  });
  return { ...http, records };
}
