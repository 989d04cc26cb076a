// integrations.* (SPEC §7): the public catalogue, credentials, and an organization's integrations.
import { router } from "../init.ts";
import { integrationsCatalogueRouter } from "./integrations-catalogue.ts";

export const integrationsRouter = router({
  catalogue: integrationsCatalogueRouter,
});
