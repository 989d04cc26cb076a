// What the consent screen shows about the client asking for access. Everything here is what the client
// said about itself (registration or metadata document), except the host of a metadata document's
// URL, which the client proved by serving the document there.
import { eq } from "drizzle-orm";
import { AppError } from "../../lib/errors.ts";
import type { Database } from "../db/client.ts";
import { oauthClient } from "../db/schema/index.ts";
import { CIMD_DISCOVERY_ID } from "./client-metadata-documents.ts";

export const CLIENT_NOT_FOUND = "This application is not registered. Start the connection again from it.";

const webUrl = (value: string | null, protocols: RegExp) =>
  value && URL.canParse(value) && protocols.test(new URL(value).protocol) ? value : null;

export async function getConsentClient(db: Database, clientId: string) {
  const [client] = await db
    .select({
      clientId: oauthClient.clientId,
      name: oauthClient.name,
      uri: oauthClient.uri,
      icon: oauthClient.icon,
      discovery: oauthClient.clientDiscoveryId,
      redirectUris: oauthClient.redirectUris,
      disabled: oauthClient.disabled,
    })
    .from(oauthClient)
    .where(eq(oauthClient.clientId, clientId));
  if (!client || client.disabled) throw new AppError("NOT_FOUND", CLIENT_NOT_FOUND);
  const verifiedHost = client.discovery === CIMD_DISCOVERY_ID ? new URL(client.clientId).host : null;
  return {
    clientId: client.clientId,
    name: client.name?.trim() || verifiedHost || "An unnamed application",
    uri: webUrl(client.uri, /^https?:$/),
    // Only https logos: the page must not load mixed content or arbitrary schemes.
    icon: webUrl(client.icon, /^https:$/),
    verifiedHost,
    redirectHosts: [
      ...new Set(client.redirectUris.map((uri) => (URL.canParse(uri) ? new URL(uri).host : uri))),
    ],
  };
}
