// Where the mailed reset link leads: Better Auth checks the token and redirects here with it, or with
// error=INVALID_TOKEN when it is unknown or expired.
import { createFileRoute, Link, useRouterState } from "@tanstack/react-router";
import { AuthLayout } from "~/components/auth/auth-layout.tsx";
import { FormAlert } from "~/components/auth/form-alert.tsx";
import { INVALID_RESET_LINK, ResetPasswordForm } from "~/components/auth/reset-password-form.tsx";
import { buttonVariants } from "~/components/ui/button-variants.ts";
import { seo } from "~/lib/seo.ts";

export const Route = createFileRoute("/reset-password")({
  head: () => seo({ title: "Choose a new password · Portico", noindex: true }),
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  // Read here rather than by a route search validator, which would add to every page's first load.
  const { token, error } = useRouterState({ select: (state) => state.location.search }) as {
    token?: unknown;
    error?: unknown;
  };
  return (
    <AuthLayout
      title="Choose a new password"
      description="Every session of your account is signed out once it is set."
      footer={
        <Link to="/sign-in" className="font-medium text-primary underline-offset-4 hover:underline">
          Back to sign in
        </Link>
      }
    >
      {typeof token === "string" && token && !error ? (
        <ResetPasswordForm token={token} />
      ) : (
        <div className="flex flex-col gap-4">
          <FormAlert message={INVALID_RESET_LINK} />
          <Link to="/forgot-password" className={buttonVariants({ className: "w-full" })}>
            Ask for a new link
          </Link>
        </div>
      )}
    </AuthLayout>
  );
}
