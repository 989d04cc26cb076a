import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import type { JsonSchemaType } from "@modelcontextprotocol/sdk/validation/types.js";
import { describe, expect, it } from "vitest";
import type { OpenApiDocument } from "../../../../integrations/_kit/openapi-types.ts";
import { accessFromCredential, integrationRegistry } from "../../../../integrations/registry.ts";
import { providers } from "../../../../lib/integrations/providers.ts";
import type { IntegrationId } from "../../../../lib/integrations/types.ts";
import { codeTools, documentTools, openApiDocuments } from "./documents.ts";
import {
  ARGUMENT_NAME_PATTERN,
  argumentNameOf,
  generateTools,
  TOOL_NAME_PATTERN,
  toolNameFrom,
} from "./generate-tools.ts";

const doc = (
  paths: OpenApiDocument["paths"],
  components: OpenApiDocument["components"] = {},
): OpenApiDocument => ({
  openapi: "3.0.3",
  info: { title: "t", version: "1" },
  paths,
  components,
});

describe("the integrations' OpenAPI documents (src/integrations/<id>/openapi.json)", () => {
  const ajv = new AjvJsonSchemaValidator();
  for (const [id, document] of Object.entries(openApiDocuments)) {
    it(`${id}: generates valid, uniquely named tools whose schemas compile`, () => {
      const tools = generateTools(document);
      // A document may only carry the server for tools written as code (Raynet, Caflou, Microsoft Graph).
      expect(tools.length + codeTools(id as IntegrationId).length).toBeGreaterThan(0);
      expect(new Set(tools.map((tool) => tool.name)).size).toBe(tools.length);
      for (const tool of tools) {
        expect(tool.name).toMatch(TOOL_NAME_PATTERN);
        expect(tool.description.length).toBeGreaterThan(20);
        expect(JSON.stringify(tool.inputSchema)).not.toContain("$ref");
        for (const key of Object.keys(tool.inputSchema.properties as object))
          expect(key).toMatch(ARGUMENT_NAME_PATTERN);
        expect(() => ajv.getValidator(tool.inputSchema as JsonSchemaType)).not.toThrow();
        // Every {placeholder} of the server URL is the base URL or a connection variable, never an argument.
        for (const [, name] of tool.server.matchAll(/\{([^}]+)\}/g))
          expect(tool.inputSchema.properties).not.toHaveProperty(name as string);
      }
    });
  }

  it("use only server variables their provider's connections supply", () => {
    for (const [id, document] of Object.entries(openApiDocuments)) {
      const provider = integrationRegistry[id as keyof typeof integrationRegistry].provider;
      const flows = providers[provider].authFlows.filter((flow) => flow !== "oauth");
      const values = { cloudId: "c", accountId: "a", baseUrl: "https://x.example" };
      // OAuth connections discover their variables (Atlassian cloudId); credential flows carry them.
      const supplied = new Set(["baseUrl", ...(provider === "atlassian" ? ["cloudId"] : [])]);
      for (const flow of flows) {
        const access = accessFromCredential(provider, flow, values, {});
        for (const name of Object.keys(access?.variables ?? {})) supplied.add(name);
      }
      for (const [, name] of (document.servers?.[0]?.url ?? "").matchAll(/\{([^}]+)\}/g)) {
        expect(supplied, `${id} uses {${name}}`).toContain(name);
      }
    }
  });

  it("are generated once and cached", () => {
    expect(documentTools("hubspot")).toBe(documentTools("hubspot"));
    expect(documentTools("exa").list).toEqual([]);
  });
});

describe("tool names", () => {
  it.each([
    ["searchContacts", "search_contacts"],
    ["crm.contacts-search", "crm_contacts_search"],
    ["getHTTPStatus", "get_http_status"],
    ["List Events", "list_events"],
  ])("%s → %s", (operationId, name) => expect(toolNameFrom(operationId)).toBe(name));

  it("come from x-portico-tool-name when given, and must be valid and unique", () => {
    const named = doc({ "/a": { get: { operationId: "whatever", "x-portico-tool-name": "read_a" } } });
    expect(generateTools(named)[0]?.name).toBe("read_a");
    expect(() => generateTools(doc({ "/a": { get: { operationId: "A".repeat(41) } } }))).toThrow(
      /must match/,
    );
    expect(() =>
      generateTools(doc({ "/a": { get: { operationId: "same" } }, "/b": { get: { operationId: "same" } } })),
    ).toThrow(/used twice/);
  });
});

describe("argument names", () => {
  it.each([
    [{ name: "limit", in: "query" }, "limit"],
    [{ name: "X-Request-Id", in: "header" }, "X-Request-Id"],
    [{ name: "$top", in: "query" }, "top"],
    [{ name: "name[LIKE]", in: "query" }, "name_LIKE"],
    [{ name: "name[LIKE]", in: "query", "x-portico-argument-name": "name_like" }, "name_like"],
  ] as const)("%j → %s", (parameter, name) => expect(argumentNameOf(parameter)).toBe(name));

  it("carry the wire name to the request", () => {
    const [tool] = generateTools(
      doc({ "/m": { get: { operationId: "m", parameters: [{ name: "$top", in: "query" }] } } }),
    );
    expect(tool?.parameters).toEqual([
      { name: "$top", argument: "top", in: "query", style: "form", explode: true },
    ]);
    expect(() =>
      generateTools(
        doc({
          "/m": {
            get: {
              operationId: "m",
              parameters: [
                { name: "$top", in: "query" },
                { name: "top", in: "query" },
              ],
            },
          },
        }),
      ),
    ).toThrow(/used twice/);
  });
});

describe("input schemas", () => {
  const document = doc(
    {
      "/items/{itemId}": {
        parameters: [
          { name: "itemId", in: "path", required: true, schema: { type: "string" }, description: "old" },
          { name: "trace", in: "header", schema: { type: "string" } },
        ],
        put: {
          operationId: "replaceItem",
          summary: "Replace an item",
          parameters: [
            {
              name: "itemId",
              in: "path",
              required: true,
              schema: { type: "integer" },
              description: "The item.",
            },
            { $ref: "#/components/parameters/Mode" },
            { name: "session", in: "cookie", schema: { type: "string" } },
          ],
          requestBody: {
            required: true,
            content: { "application/json": { schema: { $ref: "#/components/schemas/Item" } } },
          },
          responses: { "200": { description: "The stored item." } },
        },
      },
    },
    {
      parameters: {
        Mode: { name: "mode", in: "query", required: true, schema: { type: "string", enum: ["a", "b"] } },
      },
      schemas: {
        Item: {
          type: "object",
          required: ["name"],
          properties: {
            name: { type: "string" },
            note: { type: "string", nullable: true },
            parent: { $ref: "#/components/schemas/Item" },
            tags: { type: "array", items: { $ref: "#/components/schemas/Tag" } },
          },
        },
        Tag: { type: "object", properties: { label: { type: "string" } } },
      },
    },
  );
  const [tool] = generateTools(document);

  it("merge path, query and header parameters with the body under `body`, refs resolved", () => {
    expect(tool?.inputSchema).toEqual({
      type: "object",
      properties: {
        itemId: { type: "integer", description: "The item." },
        trace: { type: "string" },
        mode: { type: "string", enum: ["a", "b"] },
        body: {
          type: "object",
          required: ["name"],
          properties: {
            name: { type: "string" },
            note: { type: ["string", "null"] },
            parent: { type: "object", description: "(recursive structure)" },
            tags: { type: "array", items: { type: "object", properties: { label: { type: "string" } } } },
          },
        },
      },
      required: ["itemId", "mode", "body"],
      additionalProperties: false,
    });
    expect(tool?.parameters.map((p) => `${p.in}:${p.name}`)).toEqual([
      "header:trace",
      "path:itemId",
      "query:mode",
    ]);
  });

  it("describe the operation, its result and the body rule for an LLM", () => {
    expect(tool?.title).toBe("Replace an item");
    expect(tool?.description).toContain("Replace an item.");
    expect(tool?.description).toContain("Returns: The stored item.");
    expect(tool?.description).toContain("`body`");
  });

  it("refuse parameters that collide with `body` and undeclared path placeholders", () => {
    expect(() =>
      generateTools(
        doc({ "/a": { get: { operationId: "a", parameters: [{ name: "body", in: "query" }] } } }),
      ),
    ).toThrow(/used twice/);
    expect(() => generateTools(doc({ "/a/{id}": { get: { operationId: "a" } } }))).toThrow(/not declared/);
    expect(() => generateTools(doc({ "/a": { get: { $ref: "#/nowhere" } as never } }))).toThrow();
  });
});

describe("annotations", () => {
  const tools = generateTools(
    doc({
      "/r": {
        get: { operationId: "read" },
        head: { operationId: "peek" },
        put: { operationId: "replace" },
        post: { operationId: "create" },
        patch: { operationId: "change" },
        delete: { operationId: "remove" },
      },
      "/s": {
        post: { operationId: "search", "x-portico-read-only": true },
        put: { operationId: "put_create", "x-portico-idempotent": false },
        delete: { operationId: "soft_delete", "x-portico-destructive": false },
      },
    }),
  );
  const by = (name: string) => tools.find((tool) => tool.name === name);

  it.each([
    ["read", true, false, true, true],
    ["peek", true, false, true, true],
    ["replace", false, false, true, true],
    ["create", false, false, false, false],
    ["change", false, false, false, false],
    ["remove", false, true, true, true],
    ["search", true, false, true, false],
    ["put_create", false, false, false, false],
    ["soft_delete", false, false, true, true],
  ])(
    "%s: readOnly %s, destructive %s, idempotent %s, retried %s",
    (name, readOnly, destructive, idempotent, retried) => {
      expect(by(name)?.annotations).toEqual({
        title: name,
        readOnlyHint: readOnly,
        destructiveHint: destructive,
        idempotentHint: idempotent,
        openWorldHint: true,
      });
      expect(by(name)?.retryable).toBe(retried);
    },
  );
});
