// Every integration folder has every part, and every provider what its auth flows need: what the types
// of define-integration.ts and provider-spec.ts cannot require on their own. Here, not beside
// registry.ts, because it reads the tools through the engine and src/integrations/ imports no server code.
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { integrationEntries } from "../src/integrations/catalogue.ts";
import { integrationRegistry, providerSpecs } from "../src/integrations/registry.ts";
import { credentialShapes } from "../src/lib/integrations/credentials/index.ts";
import { connectsWithoutOAuthApp, providers } from "../src/lib/integrations/providers.ts";
import { integrationIds, providerIds } from "../src/lib/integrations/types.ts";
import { codeTools, documentTools } from "../src/server/integrations/engine/openapi/documents.ts";
import { TOOL_NAME_PATTERN } from "../src/server/integrations/engine/openapi/generate-tools.ts";

const integrationsDir = path.resolve(import.meta.dirname, "../src/integrations");
const isLink = (url: string) => URL.canParse(url) && new URL(url).protocol === "https:";

describe("integration folders (src/integrations/<id>/)", () => {
  for (const id of integrationIds) {
    it(`${id} has its entry, scopes, tools and references`, () => {
      const folder = path.join(integrationsDir, id);
      for (const file of ["entry.ts", "index.ts"])
        expect(existsSync(path.join(folder, file)), file).toBe(true);
      const integration = integrationRegistry[id];
      expect(integration.entry).toBe(integrationEntries[id]);
      expect(integration.entry.id).toBe(id);
      expect(integration.tools.kind).toBe(integration.entry.sourceType);
      if (integration.tools.kind === "openapi") {
        expect(existsSync(path.join(folder, "openapi.json"))).toBe(true);
        const names = [...documentTools(id).list, ...codeTools(id)].map((tool) => tool.name);
        expect(names.length).toBeGreaterThan(0);
        expect(new Set(names).size, "tool names are unique").toBe(names.length);
        for (const name of names) expect(name).toMatch(TOOL_NAME_PATTERN);
      }
      expect(integration.references.length).toBeGreaterThan(0);
      for (const url of integration.references) expect(isLink(url), url).toBe(true);
      const oauth = providers[integration.provider].authFlows.includes("oauth" as never);
      if (!oauth) expect(integration.oauthScopes).toEqual([]);
    });
  }

  it("has no folder the registry does not list", async () => {
    const { readdirSync } = await import("node:fs");
    const folders = readdirSync(integrationsDir, { withFileTypes: true })
      .filter((item) => item.isDirectory() && !item.name.startsWith("_"))
      .map((item) => item.name);
    expect(folders.sort()).toEqual([...integrationIds].sort());
  });
});

describe("providers (src/integrations/_providers/)", () => {
  for (const provider of providerIds) {
    it(`${provider} has what each of its auth flows needs`, () => {
      const spec = providerSpecs[provider];
      expect(spec.id).toBe(provider);
      expect(spec.references.length).toBeGreaterThan(0);
      for (const url of spec.references) expect(isLink(url), url).toBe(true);
      for (const flow of providers[provider].authFlows) {
        // OAuth without an app: no credential, endpoints discovered from the remote MCP server.
        if (flow === "oauth" && connectsWithoutOAuthApp(provider)) {
          expect(credentialShapes[provider][flow], "no OAuth app to save").toBeUndefined();
          expect(spec.remoteMcpUrl ?? spec.endpoints.mcpUrl, "remote MCP URL").toBeDefined();
          continue;
        }
        expect(credentialShapes[provider][flow], `${flow} credential shape`).toBeDefined();
        if (flow === "oauth") {
          expect(spec.oauth, "oauth").toBeDefined();
          expect(spec.endpoints.authorizeUrl, "authorizeUrl").toBeDefined();
          expect(spec.endpoints.tokenUrl, "tokenUrl").toBeDefined();
        } else {
          expect(spec.access[flow], `${flow} access`).toBeDefined();
          expect(spec.check[flow], `${flow} check`).toBeDefined();
        }
      }
    });
  }
});
