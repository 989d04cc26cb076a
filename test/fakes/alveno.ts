// A fake Alveno external API, written from what the Alveno-published client documents
// (src/integrations/alveno/REFERENCES.md): the API key in X-API-Key, the tenant id as the path segment
// after /v1, GET echo?message=… answering { message }, GET employees paged with offset/limit answering
// { items, offset, limit, totalCount }, GET operations answering { items }. The source shows no error
// body: this fake answers { message } with the status.
import { type HttpFake, json, type RecordedRequest, startHttpFake } from "./http-fake.ts";

export type AlvenoEmployee = Record<string, unknown> & { id: string };
export type AlvenoOperation = { id: string; name: string; isDisabled: boolean };

export interface FakeAlveno extends HttpFake {
  employees: AlvenoEmployee[];
  operations: AlvenoOperation[];
  /** Answer the next request with this status and message (a provider error). */
  failNext?: { status: number; message: string };
}

export async function startFakeAlveno(expected: { apiKey: string; tenantId: string }): Promise<FakeAlveno> {
  const http = await startHttpFake((request: RecordedRequest, response) => {
    if (fake.failNext) {
      const { status, message } = fake.failNext;
      fake.failNext = undefined;
      return json(response, status, { message });
    }
    if (request.headers["x-api-key"] !== expected.apiKey)
      return json(response, 401, { message: "Invalid API key" });
    const [version, tenant, resource, ...rest] = request.path.split("/").filter(Boolean);
    if (version !== "v1" || rest.length > 0) return json(response, 404, { message: "Not found" });
    if (tenant !== expected.tenantId) return json(response, 403, { message: "Unknown tenant" });
    if (request.method !== "GET") return json(response, 405, { message: "Method not allowed" });
    if (resource === "echo") return json(response, 200, { message: request.query.get("message") ?? "" });
    if (resource === "operations") return json(response, 200, { items: fake.operations });
    if (resource === "employees") {
      const offset = Number(request.query.get("offset") ?? 0);
      const limit = Number(request.query.get("limit") ?? 100);
      return json(response, 200, {
        items: fake.employees.slice(offset, offset + limit),
        offset,
        limit,
        totalCount: fake.employees.length,
      });
    }
    return json(response, 404, { message: "Not found" });
  });
  const fake: FakeAlveno = { ...http, employees: [], operations: [] };
  return fake;
}
