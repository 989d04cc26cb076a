// Gives one of your product's users their own Portico MCP endpoint: adds them to a project, makes a
// connect link for them to connect their own Gmail, issues their MCP credential and calls a tool as
// them. Run: PORTICO_URL=https://portico.example.com PORTICO_TOKEN=pmt_… PORTICO_PROJECT=<project id> \
//   node examples/provision-external-user.ts customer-42 https://your.app/portico/connected
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  createConnectLink,
  createExternalUser,
  createPorticoClient,
  getProject,
  issueExternalUserToken,
  listReturnUrls,
  setReturnUrls,
} from "../src/index.ts";

export interface Provisioned {
  connectUrl: string;
  mcpUrl: string;
  mcpToken: string;
  toolResult: string;
}

export async function provisionExternalUser(options: {
  baseUrl: string;
  token: string;
  projectId: string;
  externalUserId: string;
  returnUrl: string;
}): Promise<Provisioned> {
  const client = createPorticoClient({ baseUrl: options.baseUrl, token: options.token });
  const projectId = options.projectId;
  const externalUserId = options.externalUserId;

  // Connect links may only send people back to the project's registered return URLs.
  const registered = await listReturnUrls({ client, path: { projectId }, throwOnError: true });
  if (!registered.data.urls.includes(options.returnUrl)) {
    const urls = [...registered.data.urls, options.returnUrl];
    await setReturnUrls({ client, path: { projectId }, body: { urls }, throwOnError: true });
  }
  await createExternalUser({ client, path: { projectId }, body: { id: externalUserId }, throwOnError: true });

  // Send your user here (valid 30 minutes, once): they connect their own Gmail and come back to you.
  const link = await createConnectLink({
    client,
    path: { projectId, externalUserId },
    body: { integrationId: "gmail", returnUrl: options.returnUrl },
    throwOnError: true,
  });

  // The credential your agent uses on the project's /mcp to act as this user.
  const credential = await issueExternalUserToken({
    client,
    path: { projectId, externalUserId },
    throwOnError: true,
  });
  const project = await getProject({ client, path: { projectId }, throwOnError: true });
  const mcp = new Client({ name: "my-product-agent", version: "1.0.0" });
  await mcp.connect(
    new StreamableHTTPClientTransport(new URL(project.data.mcpUrl), {
      requestInit: { headers: { authorization: `Bearer ${credential.data.token}` } },
    }),
  );
  // A standard tool works before the user has connected anything; gmail_* tools once they have.
  const result = await mcp.callTool({ name: "calculate", arguments: { expression: "6 * 7" } });
  await mcp.close();
  const text = (result.content as { type: string; text?: string }[])
    .map((item) => item.text ?? "")
    .join("\n");
  return {
    connectUrl: link.data.url,
    mcpUrl: project.data.mcpUrl,
    mcpToken: credential.data.token,
    toolResult: text,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [externalUserId = "customer-42", returnUrl = "https://example.com/portico/connected"] =
    process.argv.slice(2);
  const provisioned = await provisionExternalUser({
    baseUrl: process.env.PORTICO_URL ?? "http://localhost:3000",
    token: process.env.PORTICO_TOKEN ?? "",
    projectId: process.env.PORTICO_PROJECT ?? "",
    externalUserId,
    returnUrl,
  });
  console.log(`Connect link for ${externalUserId}: ${provisioned.connectUrl}`);
  console.log(`MCP endpoint: ${provisioned.mcpUrl} with Authorization: Bearer ${provisioned.mcpToken}`);
  console.log(`calculate answered: ${provisioned.toolResult}`);
}
