// Shared route options of /sign-in and /sign-up.
import { redirect } from "@tanstack/react-router";
import { type AuthSearch, afterAuthDestination } from "./auth-search.ts";

/** A visitor who is already signed in goes straight on to where signing in would lead. */
export function authBeforeLoad({ context, search }: { context: { user: unknown }; search: AuthSearch }) {
  if (context.user) throw redirect({ href: afterAuthDestination(search) });
}
