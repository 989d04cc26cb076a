import { describe, expect, it } from "vitest";
import { llmEndpointsSchema } from "./agents/credentials/llm-endpoints.ts";
import { integrationEndpointsSchema } from "./integrations/endpoint-overrides.ts";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe("JSON endpoint variables", () => {
  it("read unset or empty as no overrides", () => {
    expect(llmEndpointsSchema.parse(undefined)).toEqual({});
    expect(integrationEndpointsSchema.parse("")).toEqual({});
  });

  it("drop trailing slashes from the URLs they accept", () => {
    expect(llmEndpointsSchema.parse('{"openai":"http://127.0.0.1:9/v1/"}')).toEqual({
      openai: "http://127.0.0.1:9/v1",
    });
    expect(
      integrationEndpointsSchema.parse('{"google":{"tokenUrl":"https://proxy.example/token//"}}'),
    ).toEqual({
      google: { tokenUrl: "https://proxy.example/token" },
    });
  });

  it("name their own variable when the text is not JSON or a URL is not http(s)", () => {
    for (const value of ["{not json", '{"openai":"ftp://example.com"}', '{"nobody":"http://a.example"}']) {
      expect(firstMessage(llmEndpointsSchema.safeParse(value))).toMatch(
        /^LLM_ENDPOINTS must be a JSON object/,
      );
    }
    for (const value of ["{not json", '{"google":{"tokenUrl":"relative/path"}}']) {
      expect(firstMessage(integrationEndpointsSchema.safeParse(value))).toMatch(
        /^INTEGRATION_ENDPOINTS must be a JSON object/,
      );
    }
  });
});
