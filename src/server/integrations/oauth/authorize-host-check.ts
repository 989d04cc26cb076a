// Before a person is sent to a provider's sign-in page: does its host answer at all? A name that does
// not resolve, a refused connection or no answer would otherwise leave Portico for the browser's "site
// can't be reached" page with the connection stuck "Pending". Any HTTP answer (even 404 or 405 to a bare
// HEAD) means the host is there; only a failure to get one stops the redirect, said in place with its
// cause (network-failure.ts). Nothing is stored before the check passes. OAUTH_HOST_CHECK=false skips it
// where the server cannot reach hosts its users' browsers can (and in tests against real hosts).
import { AppError } from "../../../lib/errors.ts";
import type { App } from "../../app-services.ts";
import { networkFailureDetail } from "../network-failure.ts";
import { providerFetch } from "../outbound-fetch.ts";

/** Throws a BAD_REQUEST naming what failed when `authorizeUrl`'s host gives no HTTP answer. */
export async function ensureAuthorizeHostAnswers(
  app: App,
  authorizeUrl: URL,
  providerName: string,
): Promise<void> {
  if (!app.config.oauthHostCheck) return;
  try {
    // No query: the check sends nothing of the authorization (client id, state) anywhere.
    const response = await providerFetch(`${authorizeUrl.origin}${authorizeUrl.pathname}`, {
      method: "HEAD",
    });
    await response.body?.cancel();
  } catch (error) {
    throw new AppError(
      "BAD_REQUEST",
      `${providerName}'s sign-in page could not be reached: ${networkFailureDetail(error, authorizeUrl.host)}. Nothing was changed; try again later, or ask your administrator to check the server's network.`,
    );
  }
}
