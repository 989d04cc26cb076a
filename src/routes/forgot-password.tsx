import { createFileRoute, Link } from "@tanstack/react-router";
import { AuthLayout } from "~/components/auth/auth-layout.tsx";
import { ForgotPasswordForm } from "~/components/auth/forgot-password-form.tsx";
import { seo } from "~/lib/seo.ts";

export const Route = createFileRoute("/forgot-password")({
  head: () => seo({ title: "Forgot password · Portico", noindex: true }),
  component: ForgotPasswordPage,
});

function ForgotPasswordPage() {
  return (
    <AuthLayout
      title="Forgot your password?"
      description="Enter your account's email address and we will send you a link to choose a new one."
      footer={
        <>
          Remembered it?{" "}
          <Link to="/sign-in" className="font-medium text-primary underline-offset-4 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
