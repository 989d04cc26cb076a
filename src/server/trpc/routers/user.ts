import { protectedProcedure, router } from "../init.ts";

export const userRouter = router({
  getInfo: protectedProcedure.query(({ ctx }) => ctx.user),
});
