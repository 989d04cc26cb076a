// Every docs client reference has a guide whose snippets point at the project's URLs, carry the key
// when one is given, and are valid where the format can be checked here (JSON).
import { describe, expect, it } from "vitest";
import { API_KEY_PLACEHOLDER, clientGuide, clientReferences, setupContextFor } from "./index.ts";

const context = setupContextFor("https://portico.example.com/");
const snippetsOf = (guide: ReturnType<typeof clientGuide>) =>
  guide.variants.flatMap((variant) => variant.steps.flatMap((step) => step.snippets ?? []));

describe("client setup guides", () => {
  it("builds the URLs from the base URL", () => {
    expect(context).toEqual({
      mcpUrl: "https://portico.example.com/mcp",
      restBaseUrl: "https://portico.example.com/api/v1",
    });
  });

  it.each(clientReferences)("%s: snippets use the MCP or REST URL and parse", (reference) => {
    const guide = clientGuide(reference, context);
    expect(guide.reference).toBe(reference);
    expect(guide.variants.length).toBeGreaterThan(0);
    expect(guide.docsUrl).toMatch(/^https:\/\//);
    const snippets = snippetsOf(guide);
    expect(snippets.length).toBeGreaterThan(0);
    const all = snippets.map((snippet) => snippet.code).join("\n");
    expect(
      all.includes(context.mcpUrl) ||
        all.includes(context.restBaseUrl) ||
        all.includes("portico.example.com"),
    ).toBe(true);
    for (const snippet of snippets.filter((s) => s.language === "json")) {
      expect(() => JSON.parse(snippet.code), `${reference}: ${snippet.label}`).not.toThrow();
    }
  });

  it.each(clientReferences)("%s: a given API key replaces the placeholder", (reference) => {
    const key = "ptk_live_0123456789abcdef";
    const guide = clientGuide(reference, { ...context, apiKey: key });
    const apiKeyVariant = guide.variants.find((variant) => variant.id === "api-key");
    if (!apiKeyVariant) return;
    const code = apiKeyVariant.steps
      .flatMap((step) => step.snippets ?? [])
      .map((s) => s.code)
      .join("\n");
    expect(code).not.toContain(API_KEY_PLACEHOLDER);
    expect(code).toContain(key);
  });

  it("a masked key is named as masked, with the way to the full secret", () => {
    const masked = "ptk_abcd1234…wxyz";
    const fresh = clientGuide("claude-code", { ...context, apiKey: "ptk_live_0123456789abcdef" });
    const named = clientGuide("claude-code", { ...context, apiKey: masked, apiKeyMasked: true });
    const firstStep = (guide: typeof fresh) => guide.variants.find((v) => v.id === "api-key")?.steps[0];
    expect(firstStep(fresh)?.body.join(" ")).toContain("already contain the key you just created");
    expect(firstStep(named)?.title).toBe("Put in your saved API key");
    expect(firstStep(named)?.body.join(" ")).toContain(`\`${masked}\` masked`);
    expect(firstStep(named)?.body.join(" ")).toContain("full key you copied when you created it");
    expect(
      snippetsOf(named)
        .map((s) => s.code)
        .join("\n"),
    ).toContain(masked);
  });

  it("offers OAuth where the client supports it", () => {
    const withOAuth = clientReferences.filter((reference) =>
      clientGuide(reference, context).variants.some((variant) => variant.id === "oauth"),
    );
    expect(withOAuth).toEqual(
      expect.arrayContaining([
        "claude-code",
        "claude-desktop",
        "cursor",
        "visual-studio-code",
        "n8n",
        "openai-platform",
      ]),
    );
  });

  it("uses the current configuration formats", () => {
    const code = (reference: (typeof clientReferences)[number]) =>
      snippetsOf(clientGuide(reference, context))
        .map((s) => s.code)
        .join("\n");
    expect(code("claude-code")).toContain(
      "claude mcp add --transport http portico https://portico.example.com/mcp",
    );
    expect(JSON.parse(snippetsOf(clientGuide("visual-studio-code", context))[0]?.code ?? "")).toMatchObject({
      servers: { portico: { type: "http", url: "https://portico.example.com/mcp" } },
    });
    expect(JSON.parse(snippetsOf(clientGuide("cursor", context))[0]?.code ?? "")).toMatchObject({
      mcpServers: { portico: { url: "https://portico.example.com/mcp" } },
    });
    expect(code("typescript-sdk")).toContain(
      'new StreamableHTTPClientTransport(new URL("https://portico.example.com/mcp")',
    );
    expect(code("python-sdk")).toContain("streamable_http_client(PORTICO_URL, http_client=http)");
    expect(code("java-sdk")).toContain(
      'HttpClientStreamableHttpTransport.builder("https://portico.example.com")',
    );
    expect(code("java-sdk")).toContain('.endpoint("/mcp")');
    expect(code("openai-platform")).toContain('"type": "mcp"');
    expect(code("openapi-rest")).toContain("https://portico.example.com/api/v1/openapi.json");
    expect(code("openapi-rest")).toContain("https://portico.example.com/api/v1/tools/get_current_time");
  });
});
