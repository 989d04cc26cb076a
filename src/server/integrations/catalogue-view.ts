// What the public catalogue pages read: the isomorphic entries plus, for integrations, the auth flows
// their provider allows. Unknown detail ids fail with requirements §8's message.

import { integrationsOfProvider } from "../../integrations/registry.ts";
import { AppError } from "../../lib/errors.ts";
import { catalogue, findIntegration } from "../../lib/integrations/catalogue.ts";
import type { IntegrationEntry } from "../../lib/integrations/catalogue-entry.ts";
import { authFlowLabels, providers } from "../../lib/integrations/providers.ts";
import { invalidServerIdMessage } from "../../lib/integrations/types.ts";
import { registryTools } from "./registry-tools.ts";

export function listCatalogue() {
  return catalogue;
}

export function integrationDetail(id: string) {
  const entry: IntegrationEntry | undefined = findIntegration(id);
  // Not found, with requirements §8's text: the id names no integration (a 400 said the request was
  // malformed, and search engines kept retrying it).
  if (!entry) throw new AppError("NOT_FOUND", invalidServerIdMessage(id));
  const provider = providers[entry.provider];
  return {
    entry,
    provider: {
      id: entry.provider,
      name: provider.name,
      authFlows: provider.authFlows.map((flow) => ({ id: flow, label: authFlowLabels[flow] })),
      /** Other integrations one connection to this provider also serves. */
      siblings: integrationsOfProvider(entry.provider).filter((sibling) => sibling !== entry.id),
    },
    /** Its tools from the registry, or null when the provider's own MCP server lists them. */
    tools: registryTools(entry.id),
  };
}
