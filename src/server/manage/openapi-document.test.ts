// The management API's OpenAPI document: valid OpenAPI 3.1 by a standard validator, and complete — an
// operation registered without a description (a plain `api.get`) fails here.
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import type { App } from "../app-services.ts";
import { createManageApi, MANAGE_PREFIX, OPENAPI_PATH, openApiDocument } from "./manage-api.ts";

const baseUrl = "https://portico.example";
const api = createManageApi({ config: { baseUrl } } as App);
const document = openApiDocument(api, baseUrl);

/** Hono's `/projects/:projectId` as OpenAPI's `/projects/{projectId}`. */
const asOpenApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, "{$1}");

describe("the management API's OpenAPI document", () => {
  it("validates as OpenAPI 3.1", async () => {
    const validator = new Validator();
    const result = await validator.validate(
      structuredClone(document) as unknown as Parameters<Validator["validate"]>[0],
    );
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("describes every route the API answers", () => {
    const described = new Set(
      Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
        Object.keys(item ?? {}).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    const answered = api.routes
      .filter((route) => route.method !== "ALL" && route.path !== `${MANAGE_PREFIX}${OPENAPI_PATH}`)
      .map((route) => `${route.method} ${asOpenApiPath(route.path)}`);
    expect(answered.length).toBeGreaterThan(30);
    expect(answered.filter((route) => !described.has(route))).toEqual([]);
  });

  it("names each operation once, asks for a management token and says which scope", () => {
    const operations = Object.values(document.paths ?? {}).flatMap((item) => Object.values(item ?? {}));
    const ids = operations.map((operation) => (operation as { operationId?: string }).operationId);
    expect(ids.every((id) => typeof id === "string")).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const operation of operations as { security?: unknown; description?: string }[]) {
      expect(operation.security).toEqual([{ managementToken: [] }]);
      expect(operation.description).toMatch(/Scope: `[a-z]+:(read|write)`/);
    }
  });

  it("gives creates an Idempotency-Key header and every operation the one error shape", () => {
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      for (const [method, operation] of Object.entries(item ?? {}) as [string, Record<string, unknown>][]) {
        const parameters = (operation.parameters ?? []) as { name: string; in: string }[];
        const hasKey = parameters.some((parameter) => parameter.name === "Idempotency-Key");
        expect(hasKey, `${method} ${path}`).toBe(method === "post");
        const responses = operation.responses as Record<
          string,
          { content?: Record<string, { schema: unknown }> }
        >;
        expect(responses["401"]?.content?.["application/json"]?.schema).toEqual({
          $ref: "#/components/schemas/Error",
        });
      }
    }
  });
});
