import { describe, expect, it } from "vitest";
import { providerEndpoints } from "../../integrations/registry.ts";
import { ConfigError, parseConfig } from "../config.ts";

describe("INTEGRATION_ENDPOINTS", () => {
  it("replaces a provider's endpoints and keeps its other defaults", () => {
    const config = parseConfig({
      INTEGRATION_ENDPOINTS: JSON.stringify({ google: { tokenUrl: "http://127.0.0.1:4010/token/" } }),
    });
    const endpoints = providerEndpoints("google", config);
    expect(endpoints.tokenUrl).toBe("http://127.0.0.1:4010/token");
    expect(endpoints.authorizeUrl).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    expect(providerEndpoints("microsoft", config).tokenUrl).toMatch(/^https:\/\/login\.microsoftonline\.com/);
  });

  it("defaults to no overrides", () => {
    expect(parseConfig({}).integrationEndpoints).toEqual({});
  });

  it.each([
    "not json",
    JSON.stringify({ nowhere: { tokenUrl: "http://x" } }),
    JSON.stringify({ google: { tokenUrl: "ftp://x" } }),
    JSON.stringify({ google: { tokenURL: "http://x" } }),
  ])("rejects %s with a message naming the variable", (value) => {
    expect(() => parseConfig({ INTEGRATION_ENDPOINTS: value })).toThrow(ConfigError);
    expect(() => parseConfig({ INTEGRATION_ENDPOINTS: value })).toThrow(/INTEGRATION_ENDPOINTS/);
  });
});
