// Which server scenarios each MCP revision requires (the suite's own frozen requirement files), and
// which endpoint answers each: a normal project's /mcp (its standard tools), or — for the scenarios
// that call the suite's fixture tools, resources and prompts by name — the test-only fixture.
import { readFileSync } from "node:fs";
import path from "node:path";

export const REVISIONS = ["2025-11-25", "2026-07-28"] as const;
export type Revision = (typeof REVISIONS)[number];

/** The `server:` list of requirements/<revision>.yaml (a plain list of names). */
export function requiredServerScenarios(suiteRoot: string, revision: Revision): string[] {
  const text = readFileSync(path.join(suiteRoot, "requirements", `${revision}.yaml`), "utf8");
  const section = text.split(/^server:\s*$/m)[1]?.split(/^\S/m)[0] ?? "";
  return [...section.matchAll(/^ {2}- ([\w-]+)\s*$/gm)].map((match) => match[1] as string);
}

/**
 * Scenarios that need nothing but an MCP endpoint: they run against the project's own /mcp. Everything
 * else names fixture tools (test_simple_text, test_missing_capability…), resources, prompts or
 * completions that no real project has, and runs against the fixture (server-stateless and caching
 * among them: they call fixture tools and list prompts and resources).
 */
const PROJECT_ENDPOINT = new Set(["server-initialize", "ping", "tools-list", "dns-rebinding-protection"]);

export const needsFixture = (scenario: string) => !PROJECT_ENDPOINT.has(scenario);
