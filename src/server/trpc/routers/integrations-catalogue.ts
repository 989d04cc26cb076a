// The public catalogue (no sign-in): /integrations and /integrations/{id} read these.
import { z } from "zod";
import { integrationDetail, listCatalogue } from "../../integrations/catalogue-view.ts";
import { publicProcedure, router } from "../init.ts";

export const integrationsCatalogueRouter = router({
  list: publicProcedure.query(() => listCatalogue()),
  getById: publicProcedure
    .input(z.object({ id: z.string().trim().max(128) }))
    .query(({ input }) => integrationDetail(input.id)),
});
