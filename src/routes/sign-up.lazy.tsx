import { createLazyFileRoute } from "@tanstack/react-router";
import { AuthLayout } from "~/components/auth/auth-layout.tsx";
import { AuthSwitchLink } from "~/components/auth/auth-switch-link.tsx";
import { SignUpForm } from "~/components/auth/sign-up-form.tsx";

export const Route = createLazyFileRoute("/sign-up")({
  component: SignUpPage,
});

function SignUpPage() {
  const authSearch = Route.useSearch();
  return (
    <AuthLayout
      title="Create your account"
      description="Connect AI agents to your business data in minutes."
      footer={
        <>
          Already have an account?{" "}
          <AuthSwitchLink to="/sign-in" search={authSearch}>
            Sign in
          </AuthSwitchLink>
        </>
      }
    >
      <SignUpForm search={authSearch} />
    </AuthLayout>
  );
}
