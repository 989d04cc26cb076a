// The client Portico authorizes as at a remote MCP server's authorization server, in the MCP
// authorization spec's order: its Client ID Metadata Document when the server supports them, else one
// registered for this connection by dynamic client registration (RFC 7591) as a public client.
import type { App } from "../../../app-services.ts";
import { clientMetadata, clientMetadataUrl, clientMetadataUsable } from "./client-metadata-document.ts";
import type { DiscoveredAuthorization } from "./discovery.ts";
import { DiscoveryError, guardedJson } from "./metadata-fetch.ts";

export interface RemoteClient {
  clientId: string;
  /** Only when the server issued one despite the public-client request. */
  clientSecret?: string;
}

export async function obtainClient(
  app: App,
  discovered: DiscoveredAuthorization,
  name: string,
): Promise<RemoteClient> {
  if (discovered.clientIdMetadataDocumentSupported && clientMetadataUsable(app))
    return { clientId: clientMetadataUrl(app) };
  if (!discovered.registrationEndpoint) {
    throw new DiscoveryError(
      `${name}'s authorization server accepts neither client ID metadata documents nor dynamic client registration, so Portico cannot register with it.`,
    );
  }
  const what = `${name}'s client registration`;
  const { status, json } = await guardedJson(
    app,
    discovered.registrationEndpoint,
    {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({
        ...clientMetadata(app),
        ...(discovered.scope ? { scope: discovered.scope } : {}),
      }),
    },
    what,
  );
  const answer = (json ?? {}) as Record<string, unknown>;
  if (status !== 201 && status !== 200) {
    // RFC 7591 §3.2.2: error and error_description.
    const detail = typeof answer.error === "string" ? `: ${answer.error}` : "";
    const description = typeof answer.error_description === "string" ? ` (${answer.error_description})` : "";
    throw new DiscoveryError(`${what} was refused with HTTP ${status}${detail}${description}.`);
  }
  if (typeof answer.client_id !== "string" || !answer.client_id)
    throw new DiscoveryError(`${what} answered without a client_id.`);
  return {
    clientId: answer.client_id,
    ...(typeof answer.client_secret === "string" && answer.client_secret
      ? { clientSecret: answer.client_secret }
      : {}),
  };
}
