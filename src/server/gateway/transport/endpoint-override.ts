// The one seam a test harness has into /mcp: an override that answers some callers' requests itself,
// installed before the app starts. The MCP conformance fixture (test/conformance/fixture/, injected by
// `npm run test:conformance` and its own test) is the only one; production never has one, and one
// installed there anyway is ignored. It sits after the Host/Origin check and authentication, so both
// still apply to its callers.
import type { App } from "../../app-services.ts";
import type { Principal } from "../auth/principal.ts";

export interface McpEndpointOverride {
  /** Whether this caller's /mcp is answered by the override rather than the project's tools. */
  handles(principal: Principal): boolean;
  handle(request: Request, principal: Principal): Promise<Response>;
}

// A global rather than a module variable: the harness's preload and the built server are separate
// module graphs in one process.
const OVERRIDE = Symbol.for("portico.mcpEndpointOverride");
type WithOverride = { [OVERRIDE]?: McpEndpointOverride };

export function installMcpEndpointOverride(override: McpEndpointOverride | undefined): void {
  (globalThis as WithOverride)[OVERRIDE] = override;
}

/** The override answering this caller, if a harness installed one and this is not production. */
export function mcpEndpointOverride(app: App, principal: Principal): McpEndpointOverride | undefined {
  const override = (globalThis as WithOverride)[OVERRIDE];
  if (!override || app.config.environment === "production") return undefined;
  return override.handles(principal) ? override : undefined;
}
