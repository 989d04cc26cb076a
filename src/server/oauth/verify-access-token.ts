// Placeholder until the OAuth authorization server lands (branch `oauth`): no OAuth token is valid yet.
import type { App } from "../app.ts";

export interface OAuthGrant {
  userId: string;
  projectId: string;
  clientId: string;
  clientName: string | null;
  scopes: string[];
}

export async function verifyOAuthAccessToken(_app: App, _token: string): Promise<OAuthGrant | null> {
  return null;
}
