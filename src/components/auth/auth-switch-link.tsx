import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import type { AuthSearch } from "./auth-search.ts";

/** Link between /sign-in and /sign-up that carries the OAuth request and redirect along. */
export function AuthSwitchLink({
  to,
  search,
  children,
}: {
  to: "/sign-in" | "/sign-up";
  search: AuthSearch;
  children: ReactNode;
}) {
  return (
    <Link to={to} search={search} className="font-medium text-primary underline-offset-4 hover:underline">
      {children}
    </Link>
  );
}
