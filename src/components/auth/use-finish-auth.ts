import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { type AuthSearch, afterAuthDestination } from "./auth-search.ts";

/** After a successful sign-in or sign-up: drop data cached for the previous visitor and move on. */
export function useFinishAuth(search: AuthSearch) {
  const router = useRouter();
  const queryClient = useQueryClient();
  return async () => {
    queryClient.removeQueries();
    await router.navigate({ href: afterAuthDestination(search), replace: true });
  };
}
