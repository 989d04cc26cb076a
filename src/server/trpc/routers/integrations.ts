// integrations.* (requirements §7): the public catalogue, credentials, and an organization's integrations.
import { router } from "../init.ts";
import { integrationsCatalogueRouter } from "./integrations-catalogue.ts";
import { integrationsConnectionsRouter } from "./integrations-connections.ts";
import { integrationsCredentialsRouter } from "./integrations-credentials.ts";
import { integrationsOrganizationsRouter } from "./integrations-organizations.ts";

export const integrationsRouter = router({
  catalogue: integrationsCatalogueRouter,
  credentials: integrationsCredentialsRouter,
  connections: integrationsConnectionsRouter,
  organizations: integrationsOrganizationsRouter,
});
