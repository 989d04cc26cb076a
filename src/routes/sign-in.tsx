import { createFileRoute } from "@tanstack/react-router";
import { useState } from "react";
import { AuthLayout } from "~/components/auth/auth-layout.tsx";
import { authBeforeLoad } from "~/components/auth/auth-route.ts";
import { validateAuthSearch } from "~/components/auth/auth-search.ts";
import { AuthSwitchLink } from "~/components/auth/auth-switch-link.tsx";
import { SignInForm } from "~/components/auth/sign-in-form.tsx";
import { type CodeMethod, TwoFactorStep } from "~/components/auth/two-factor-step.tsx";
import { siteHead } from "~/components/site/site-head.ts";

export const Route = createFileRoute("/sign-in")({
  validateSearch: validateAuthSearch,
  beforeLoad: authBeforeLoad,
  head: siteHead({
    title: "Sign in",
    description: "Sign in to Portico to manage your organizations, projects and MCP integrations.",
    canonicalPath: "/sign-in",
    noindex: true,
  }),
  component: SignInPage,
});

function SignInPage() {
  const authSearch = Route.useSearch();
  // After a right password for an account with two-factor authentication: which code is asked for.
  const [codeStep, setCodeStep] = useState<CodeMethod | null>(null);
  const [email, setEmail] = useState("");
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <AuthLayout
      title={codeStep ? "Two-factor authentication" : "Sign in to Portico"}
      description={
        codeStep === "totp"
          ? "Enter the code from your authenticator app to finish signing in."
          : codeStep === "backup"
            ? "Enter one of the backup codes you saved when you set up two-factor authentication."
            : "Welcome back. Enter your email and password to continue."
      }
      footer={
        codeStep ? null : (
          <>
            New to Portico?{" "}
            <AuthSwitchLink to="/sign-up" search={authSearch}>
              Create an account
            </AuthSwitchLink>
          </>
        )
      }
    >
      {codeStep ? (
        <TwoFactorStep
          key={codeStep}
          search={authSearch}
          method={codeStep}
          onMethodChange={setCodeStep}
          onRestart={(message) => {
            setNotice(message);
            setCodeStep(null);
          }}
        />
      ) : (
        <SignInForm
          search={authSearch}
          initialEmail={email}
          notice={notice}
          onTwoFactor={(signedInEmail) => {
            setEmail(signedInEmail);
            setNotice(null);
            setCodeStep("totp");
          }}
        />
      )}
    </AuthLayout>
  );
}
