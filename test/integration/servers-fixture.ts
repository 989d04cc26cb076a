// Shared setup of the project-servers tests: remote MCP fakes standing in for Exa and Brevo (each
// checking its own API-key header), the configuration that points the providers at them, and the
// organization's connection made the real way (credential saved, checked against the fake).

import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll } from "vitest";
import { type RemoteMcpFake, startRemoteMcpFake } from "../fakes/remote-mcp-server.ts";
import { type Person, worldForFile } from "./world.ts";

export const EXA_KEY = "exa-key-0123456789abcdef";
export const BREVO_KEY = "brevo-key-0123456789abcdef";

const searchResult = (args: Record<string, unknown>): CallToolResult => ({
  content: [{ type: "text", text: `Results for ${String(args.query)}: Acme Corp (acme.test)` }],
});

export function startExaFake(): Promise<RemoteMcpFake> {
  return startRemoteMcpFake({
    auth: { header: "x-api-key", value: EXA_KEY },
    tools: [
      {
        name: "web_search_exa",
        title: "Web search",
        description: "Search the web with Exa and return the most relevant pages with their text.",
        inputSchema: {
          type: "object",
          properties: { query: { type: "string" }, numResults: { type: "integer", minimum: 1 } },
          required: ["query"],
        },
        annotations: { readOnlyHint: true },
        handle: searchResult,
      },
      {
        name: "crawling_exa",
        description: "Fetch the full text of one web page by URL through Exa.",
        inputSchema: { type: "object", properties: { url: { type: "string" } }, required: ["url"] },
      },
    ],
  });
}

export function startBrevoFake(): Promise<RemoteMcpFake> {
  return startRemoteMcpFake({
    auth: { header: "authorization", value: `Bearer ${BREVO_KEY}` },
    tools: [
      {
        name: "get_contacts",
        description: "List contacts of the Brevo account, newest first, with their attributes.",
        inputSchema: { type: "object", properties: { limit: { type: "integer" } } },
      },
    ],
  });
}

export const endpointOverrides = (fakes: { exa: RemoteMcpFake; brevo: RemoteMcpFake }) => ({
  ALLOW_PRIVATE_URLS: "true",
  INTEGRATION_ENDPOINTS: JSON.stringify({
    exa: { mcpUrl: fakes.exa.url },
    brevo: { mcpUrl: fakes.brevo.url },
  }),
});

/** Saves the provider's MCP API key for the organization; the credential check makes it the connection. */
/** The test file's app and world with Exa and Brevo fakes behind the providers, closed after the file. */
export async function worldWithServerFakes() {
  const [exa, brevo] = await Promise.all([startExaFake(), startBrevoFake()]);
  afterAll(() => Promise.all([exa.close(), brevo.close()]));
  return { exa, brevo, ...(await worldForFile(endpointOverrides({ exa, brevo }))) };
}

export async function connectMcpProvider(
  owner: Person,
  organizationId: string,
  provider: "exa" | "brevo",
  key: string,
) {
  await owner.caller.integrations.credentials.saveOrganizationCredential({
    organizationId,
    provider,
    authFlow: "api-token",
    values: { mcpApiKey: key },
  });
}

export const textOf = (result: unknown) =>
  (((result as { content?: unknown }).content ?? []) as Array<{ type: string; text?: string }>)
    .map((item) => item.text ?? "")
    .join("\n");

/** The names tools/list answers, sorted. */
export const listedNames = async (client: Client) =>
  (await client.listTools()).tools.map((tool) => tool.name).sort();
