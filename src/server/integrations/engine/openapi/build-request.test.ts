import { describe, expect, it } from "vitest";
import { buildRequest, serverUrl } from "./build-request.ts";
import { errorMessage } from "./format-result.ts";
import { generateTools } from "./generate-tools.ts";
import { retryAfterMs } from "./send-request.ts";

const [tool] = generateTools({
  openapi: "3.1.0",
  info: { title: "t", version: "1" },
  servers: [{ url: "{baseUrl}/ex/jira/{cloudId}" }],
  paths: {
    "/things/{id}": {
      post: {
        operationId: "makeThing",
        parameters: [
          { name: "id", in: "path", required: true, schema: { type: "string" } },
          { name: "tags", in: "query", schema: { type: "array", items: { type: "string" } } },
          {
            name: "fields",
            in: "query",
            explode: false,
            schema: { type: "array", items: { type: "string" } },
          },
          { name: "filter", in: "query", style: "deepObject", schema: { type: "object" } },
          { name: "X-Request-Id", in: "header", schema: { type: "string" } },
        ],
        requestBody: { content: { "application/json": { schema: { type: "object" } } } },
      },
    },
  },
});
const auth = {
  baseUrl: "https://api.example.com",
  variables: { cloudId: "c 1" },
  headers: { authorization: "Bearer t" },
};

describe("buildRequest", () => {
  it("fills the server template, encodes the path, serializes the query and adds headers and body", () => {
    if (!tool) throw new Error("no tool");
    const request = buildRequest(
      tool,
      {
        id: "a/b",
        tags: ["x", "y z"],
        fields: ["f1", "f2"],
        filter: { status: "open", n: 2 },
        "X-Request-Id": "r1",
        body: { name: "N" },
      },
      auth,
    );
    expect(request).toEqual({
      method: "POST",
      url: "https://api.example.com/ex/jira/c%201/things/a%2Fb?tags=x&tags=y+z&fields=f1%2Cf2&filter%5Bstatus%5D=open&filter%5Bn%5D=2",
      headers: {
        accept: "application/json, */*;q=0.5",
        "x-request-id": "r1",
        authorization: "Bearer t",
        "content-type": "application/json",
      },
      body: '{"name":"N"}',
    });
  });

  it("never lets an argument replace the connection's auth header", () => {
    if (!tool) throw new Error("no tool");
    const request = buildRequest(
      tool,
      { id: "1", "X-Request-Id": "r" },
      { ...auth, headers: { "x-request-id": "auth" } },
    );
    expect(request.headers["x-request-id"]).toBe("auth");
    expect(request.body).toBeUndefined();
  });

  it("refuses a server template variable the connection lacks", () => {
    expect(() => serverUrl("{baseUrl}/{accountId}", { baseUrl: "https://x", variables: {} })).toThrow(
      /accountId/,
    );
  });

  it("uses the first of the document's servers whose variables the connection has", () => {
    const servers = ["{baseUrl}/ex/jira/{cloudId}/rest/api/3", "{baseUrl}/rest/api/3"];
    expect(serverUrl(servers, { baseUrl: "https://api.atlassian.com", variables: { cloudId: "c-1" } })).toBe(
      "https://api.atlassian.com/ex/jira/c-1/rest/api/3",
    );
    expect(serverUrl(servers, { baseUrl: "https://acme.atlassian.net", variables: {} })).toBe(
      "https://acme.atlassian.net/rest/api/3",
    );
  });
});

describe("retryAfterMs", () => {
  it("reads seconds and HTTP dates", () => {
    expect(retryAfterMs("2")).toBe(2000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(retryAfterMs(null)).toBeNull();
    expect(retryAfterMs("soon")).toBeNull();
  });
});

describe("errorMessage", () => {
  it.each([
    ['{"message":"Not found"}', "application/json", "Not found"],
    ['{"error":{"message":"Bad token","code":401}}', "application/json", "Bad token"],
    ['{"errors":[{"message":"Field x"}]}', "application/json", "Field x"],
    ['{"error":"invalid_grant","error_description":"Expired"}', "application/json", "Expired"],
    ["<html><body><h1>Bad gateway</h1></body></html>", "text/html", "Bad gateway"],
    ["", "text/plain", ""],
  ])("%s → %s", (body, type, message) => expect(errorMessage(body, type)).toBe(message));
});
