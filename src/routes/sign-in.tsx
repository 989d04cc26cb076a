import { createFileRoute } from "@tanstack/react-router";
import { AuthLayout } from "~/components/auth/auth-layout.tsx";
import { authBeforeLoad } from "~/components/auth/auth-route.ts";
import { validateAuthSearch } from "~/components/auth/auth-search.ts";
import { AuthSwitchLink } from "~/components/auth/auth-switch-link.tsx";
import { SignInForm } from "~/components/auth/sign-in-form.tsx";
import { seo } from "~/lib/seo.ts";

export const Route = createFileRoute("/sign-in")({
  validateSearch: validateAuthSearch,
  beforeLoad: authBeforeLoad,
  head: ({ match }) =>
    seo({
      title: "Sign in",
      description: "Sign in to Portico to manage your organizations, projects and MCP integrations.",
      canonicalPath: "/sign-in",
      baseUrl: match.context.clientConfig.baseUrl,
      noindex: true,
    }),
  component: SignInPage,
});

function SignInPage() {
  const authSearch = Route.useSearch();
  return (
    <AuthLayout
      title="Sign in to Portico"
      description="Welcome back. Enter your email and password to continue."
      footer={
        <>
          New to Portico?{" "}
          <AuthSwitchLink to="/sign-up" search={authSearch}>
            Create an account
          </AuthSwitchLink>
        </>
      }
    >
      <SignInForm search={authSearch} />
    </AuthLayout>
  );
}
