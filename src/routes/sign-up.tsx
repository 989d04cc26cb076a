import { createFileRoute } from "@tanstack/react-router";
import { authBeforeLoad } from "~/components/auth/auth-route.ts";
import { validateAuthSearch } from "~/components/auth/auth-search.ts";
import { siteHead } from "~/components/site/site-head.ts";

// The page component is in sign-up.lazy.tsx and loads on demand (requirements §2).
export const Route = createFileRoute("/sign-up")({
  validateSearch: validateAuthSearch,
  beforeLoad: authBeforeLoad,
  head: siteHead({
    title: "Create your account",
    description: "Create a Portico account and connect AI agents to your business data.",
    canonicalPath: "/sign-up",
  }),
});
