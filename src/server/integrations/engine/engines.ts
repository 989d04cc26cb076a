// Which engine runs an integration, by its source type (requirements §3: openapi, mcp).
import type { SourceType } from "../../../lib/integrations/types.ts";
import type { IntegrationEngine } from "./engine.ts";
import { remoteMcpEngine } from "./mcp-proxy/remote-mcp-engine.ts";
import { openApiEngine } from "./openapi/openapi-engine.ts";

const engines = {
  openapi: openApiEngine,
  mcp: remoteMcpEngine,
} as const satisfies Record<SourceType, IntegrationEngine>;

export function engineFor(sourceType: SourceType): IntegrationEngine {
  return engines[sourceType];
}
