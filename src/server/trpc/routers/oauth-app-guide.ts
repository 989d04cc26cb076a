// oauthAppGuide.get: how to register an OAuth app with a provider (integrations/oauth-app-guides.ts).
// Public facts about providers, the same for everyone; no tenant data.
import { z } from "zod";
import { providerIdSchema } from "../../../lib/integrations/schemas.ts";
import { oauthAppGuide } from "../../integrations/oauth-app-guides.ts";
import { publicProcedure, router } from "../init.ts";

export const oauthAppGuideRouter = router({
  get: publicProcedure
    .input(z.object({ provider: providerIdSchema }))
    .query(({ input }) => oauthAppGuide(input.provider)),
});
