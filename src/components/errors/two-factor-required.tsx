// What an organization's and its projects' pages show to a member without two-factor sign-in while the
// organization requires it: the server refused with FORBIDDEN and named the organization
// (trpc/init.ts, organizations/two-factor-policy.ts); the way forward is the account page's setup.
import { type ErrorComponentProps, Link } from "@tanstack/react-router";
import { ShieldAlert } from "lucide-react";
import { buttonVariants } from "~/components/ui/button-variants.ts";
import { PageLandmark } from "~/components/ui/main-landmark.tsx";
import { useErrorResponseStatus } from "./response-status.ts";
import { RouteError } from "./route-error.tsx";

/** The organization that refused for want of two-factor sign-in, from a tRPC error's data, or null. */
export function twoFactorRequiredBy(error: unknown): string | null {
  const data = typeof error === "object" && error !== null ? (error as { data?: unknown }).data : null;
  const name =
    typeof data === "object" && data !== null
      ? (data as { twoFactorRequiredBy?: unknown }).twoFactorRequiredBy
      : null;
  return typeof name === "string" && name ? name : null;
}

/** The error component of the organization and project layouts. */
export function OrganizationRouteError(props: ErrorComponentProps) {
  const organizationName = twoFactorRequiredBy(props.error);
  if (!organizationName) return <RouteError {...props} />;
  return <TwoFactorRequired organizationName={organizationName} error={props.error} />;
}

function TwoFactorRequired({ organizationName, error }: { organizationName: string; error: unknown }) {
  useErrorResponseStatus(error);
  return (
    <PageLandmark className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 py-12 text-center">
      <ShieldAlert className="size-12 text-primary" aria-hidden="true" />
      <h1 className="max-w-lg text-2xl font-semibold text-balance">
        {organizationName} requires two-factor authentication
      </h1>
      <p className="max-w-md text-sm text-muted-foreground">
        Its owners ask every member to sign in with a code from an authenticator app as well as a password.
        Set it up on your account page, then come back: it takes a minute.
      </p>
      <Link to="/app/account" hash="two-factor" className={buttonVariants()}>
        Set up two-factor authentication
      </Link>
    </PageLandmark>
  );
}
