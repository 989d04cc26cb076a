// Turns two-factor sign-in on for a signed-in account as the account page does (password, then the
// authenticator's first code), and returns the renewed session's cookie: the plugin replaces the session.
import type { App } from "~/server/app-services.ts";
import { callerFor, cookieFrom } from "./app.ts";
import { authRequest } from "./outbox.ts";
import { totpCode } from "./totp.ts";

export async function turnOnTwoFactor(
  app: App,
  person: { cookie: string; credentials: { password: string } },
) {
  const enabled = await authRequest(app, "POST", "/two-factor/enable", {
    body: { password: person.credentials.password },
    cookie: person.cookie,
  });
  if (!enabled.ok) throw new Error(`enable failed: ${enabled.status} ${await enabled.text()}`);
  const { totpURI } = (await enabled.json()) as { totpURI: string };
  const verified = await authRequest(app, "POST", "/two-factor/verify-totp", {
    body: { code: totpCode(totpURI) },
    cookie: person.cookie,
  });
  if (!verified.ok) throw new Error(`verify failed: ${verified.status} ${await verified.text()}`);
  const cookie = cookieFrom(verified);
  return { cookie, caller: callerFor(app, cookie), totpURI };
}
