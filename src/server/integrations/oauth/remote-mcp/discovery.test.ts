// The WWW-Authenticate challenge a protected MCP server answers with (RFC 9110 §11.2, RFC 9728 §5.1):
// quoted and bare auth-params, escapes, and names that only end like the one asked for.
import { describe, expect, it } from "vitest";
import { challengeParam } from "./discovery.ts";

describe("challengeParam", () => {
  const header =
    'Bearer error="invalid_token", resource_metadata="https://mcp.exa.ai/.well-known/oauth-protected-resource/mcp", scope=mcp:tools';

  it("reads quoted and bare parameters", () => {
    expect(challengeParam(header, "resource_metadata")).toBe(
      "https://mcp.exa.ai/.well-known/oauth-protected-resource/mcp",
    );
    expect(challengeParam(header, "scope")).toBe("mcp:tools");
    expect(challengeParam(header, "error")).toBe("invalid_token");
  });

  it("unescapes quoted-pairs and ignores parameters whose name only ends the same", () => {
    expect(challengeParam('Bearer scope="a \\"b\\""', "scope")).toBe('a "b"');
    expect(challengeParam('Bearer x_scope="no"', "scope")).toBeUndefined();
    expect(challengeParam(null, "scope")).toBeUndefined();
  });
});
