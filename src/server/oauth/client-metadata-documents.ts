// Client ID Metadata Documents (draft-ietf-oauth-client-id-metadata-document), the registration MCP
// 2025-11-25 prefers: the client_id is an https URL serving the client's metadata as JSON. The
// oauth-provider plugin has the seam (a ClientDiscovery consulted by getClient) and the persistence
// (registerClientMetadataDocument); fetching and validating the document is ours.
//
// The fetch goes through the SSRF guard (no private addresses, pinned connection, timeout) and refuses
// redirects, as the draft asks. A stored copy younger than CACHE_MS is used without fetching; after
// that the document is fetched again, and a copy younger than STALE_MS bridges a network failure or a
// 5xx (never a 4xx or an invalid document: those mean the client's owner changed something).
//
// http:// client ids are accepted only with ALLOW_PRIVATE_URLS=true (development and tests, where the
// document is served by a local server without a certificate); production accepts https only.
import type { GenericEndpointContext } from "@better-auth/core";
import {
  type ClientDiscovery,
  type OAuthClient,
  type OAuthOptions,
  oauthClientMetadataSchema,
  type SchemaClient,
  type Scope,
} from "@better-auth/oauth-provider";
import {
  isForbiddenCimdClientMetadataField,
  registerClientMetadataDocument,
} from "@better-auth/oauth-provider/internal";
import { APIError } from "better-auth/api";
import { AppError } from "../../lib/errors.ts";
import { fetchPublicUrl, readTextCapped } from "../security/ssrf-guard.ts";
import { supportedScopes } from "./request-defaults.ts";

export const CIMD_DISCOVERY_ID = "cimd";
const CACHE_MS = 5 * 60_000;
const STALE_MS = 24 * 60 * 60_000;
const MAX_DOCUMENT_BYTES = 64 * 1024;
const FETCH_TIMEOUT_MS = 5_000;
const MAX_NAME_LENGTH = 200;

export interface ClientMetadataDocumentPolicy {
  allowPrivateNetworks: boolean;
}

const invalid = (clientId: string, why: string) =>
  new APIError("BAD_REQUEST", {
    error: "invalid_client",
    error_description: `The client metadata document at ${clientId} ${why}.`,
  });

/** A client id that names a metadata document: an absolute URL with a path, no fragment or secrets. */
export function isClientMetadataUrl(clientId: string, policy: ClientMetadataDocumentPolicy): boolean {
  const https = clientId.startsWith("https://");
  if (!https && !(policy.allowPrivateNetworks && clientId.startsWith("http://"))) return false;
  if (!URL.canParse(clientId)) return false;
  const url = new URL(clientId);
  const segments = url.pathname.split("/");
  return (
    url.pathname !== "/" &&
    !url.hash &&
    !clientId.includes("#") &&
    !url.username &&
    !url.password &&
    !segments.includes(".") &&
    !segments.includes("..")
  );
}

/** Parses and checks a fetched document; returns the client metadata to register. */
export function parseClientMetadataDocument(clientId: string, text: string): OAuthClient {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw invalid(clientId, "is not valid JSON");
  }
  const parsed = oauthClientMetadataSchema.safeParse(json);
  if (!parsed.success) throw invalid(clientId, "is not valid client metadata");
  const document = parsed.data;
  if (document.client_id !== clientId) throw invalid(clientId, "names a different client_id");
  const forbidden = Object.keys(document).filter(isForbiddenCimdClientMetadataField);
  if (forbidden.length > 0)
    throw invalid(clientId, `sets fields only the server may set (${forbidden.join(", ")})`);
  if (!document.redirect_uris?.length) throw invalid(clientId, "lists no redirect_uris");
  const name = document.client_name?.trim();
  if (document.client_name !== undefined && (!name || name.length > MAX_NAME_LENGTH)) {
    throw invalid(clientId, `has a client_name that is empty or longer than ${MAX_NAME_LENGTH} characters`);
  }
  return {
    ...(document as OAuthClient),
    client_name: name,
    scope: document.scope ? supportedScopes(document.scope) : undefined,
  };
}

type FetchOutcome = { ok: true; text: string } | { ok: false; transient: boolean; why: string };

async function fetchDocument(clientId: string, policy: ClientMetadataDocumentPolicy): Promise<FetchOutcome> {
  let response: Response;
  try {
    response = await fetchPublicUrl(
      clientId,
      { headers: { accept: "application/json" } },
      { allowPrivateNetworks: policy.allowPrivateNetworks },
      { timeoutMs: FETCH_TIMEOUT_MS, maxRedirects: 0 },
    );
  } catch (error) {
    if (error instanceof AppError)
      return { ok: false, transient: false, why: `cannot be fetched: ${error.message.replace(/\.$/, "")}` };
    return { ok: false, transient: true, why: "cannot be reached" };
  }
  if (response.status !== 200) {
    await response.body?.cancel();
    return { ok: false, transient: response.status >= 500, why: `answered HTTP ${response.status}` };
  }
  const { text, truncated } = await readTextCapped(response, MAX_DOCUMENT_BYTES);
  if (truncated) return { ok: false, transient: false, why: `is larger than ${MAX_DOCUMENT_BYTES} bytes` };
  return { ok: true, text };
}

const ageOf = (client: SchemaClient<Scope[]>) =>
  Date.now() - new Date(client.updatedAt ?? client.createdAt ?? 0).getTime();

function providerOptions(ctx: GenericEndpointContext): OAuthOptions<Scope[]> {
  const plugin = ctx.context.getPlugin("oauth-provider") as { options: OAuthOptions<Scope[]> } | null;
  if (!plugin) throw new Error("oauth-provider plugin is not installed");
  return plugin.options;
}

export function clientMetadataDocuments(policy: ClientMetadataDocumentPolicy): ClientDiscovery {
  return {
    id: CIMD_DISCOVERY_ID,
    matches: (clientId) => isClientMetadataUrl(clientId, policy),
    discoveryMetadata: { client_id_metadata_document_supported: true },
    async resolve(ctx, clientId, existing) {
      if (existing && ageOf(existing) < CACHE_MS) return existing;
      const fetched = await fetchDocument(clientId, policy);
      if (!fetched.ok) {
        if (fetched.transient && existing && ageOf(existing) < STALE_MS) return existing;
        throw invalid(clientId, fetched.why);
      }
      const metadata = parseClientMetadataDocument(clientId, fetched.text);
      const result = await registerClientMetadataDocument(ctx, providerOptions(ctx), {
        metadata,
        clientId,
        clientDiscoveryId: CIMD_DISCOVERY_ID,
        existingClient: existing ?? undefined,
      });
      return result.client;
    },
  };
}
