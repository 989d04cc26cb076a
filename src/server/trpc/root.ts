import { router } from "./init.ts";
import { userRouter } from "./routers/user.ts";

export const appRouter = router({
  user: userRouter,
});

export type AppRouter = typeof appRouter;
