// Starting the person's own connection to a provider: Portico remembers the authorization and answers
// the provider's sign-in address, where the browser goes; the provider sends it back to the account
// page's Connected accounts (or `returnTo`). Used by the account page and the connect prompt's page.
import { useMutation } from "@tanstack/react-query";
import { errorMessage } from "~/components/errors/error-copy.ts";
import { errorFacts } from "~/components/errors/error-facts.ts";
import { twoFactorRequiredBy } from "~/components/errors/two-factor-required.tsx";
import type { IntegrationId } from "~/lib/integrations/types.ts";
import { useTRPC } from "~/lib/trpc.ts";

export const NOT_A_MEMBER_MESSAGE =
  "You are not a member of this organization, so you cannot connect an account for it. Check that you are signed in as the right person.";

/** What a failed start says in place; the server's refusal of a non-member says only "not found". */
export function connectErrorMessage(error: unknown): string {
  const organizationName = twoFactorRequiredBy(error);
  if (organizationName) {
    return `${organizationName} requires two-factor authentication. Set it up on your account page, then connect again.`;
  }
  if (errorFacts(error).code === "NOT_FOUND") return NOT_A_MEMBER_MESSAGE;
  return errorMessage(error);
}

export function usePersonalConnect(organizationId: string) {
  const trpc = useTRPC();
  const start = useMutation(trpc.integrations.connections.startOAuth.mutationOptions());
  const connect = (integrationId: IntegrationId) =>
    start.mutate(
      { organizationId, integrationId, personal: true },
      // The provider's sign-in page takes over; it sends the browser back to Portico afterwards.
      { onSuccess: ({ authorizeUrl }) => window.location.assign(authorizeUrl) },
    );
  return {
    connect,
    // Still "opening" after success: the browser is on its way to the provider.
    opening: start.isPending || start.isSuccess,
    error: start.error ? connectErrorMessage(start.error) : null,
    twoFactorRequired: start.error ? twoFactorRequiredBy(start.error) !== null : false,
  };
}
