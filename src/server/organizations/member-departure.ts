// A member who leaves or is removed: their personal connections are revoked at the provider and
// deleted after the membership's own transaction (revocation is a network call, held in no
// transaction), and the servers that used them are told.
import type { App } from "../app-services.ts";
import { removePersonalConnections } from "../integrations/connections/organization-connections.ts";
import { connectionChanged } from "../servers/connection-changes.ts";

export async function endPersonalConnections(app: App, organizationId: string, userId: string) {
  const providers = await removePersonalConnections(app, organizationId, userId);
  for (const provider of new Set(providers)) await connectionChanged(app, organizationId, provider);
}
