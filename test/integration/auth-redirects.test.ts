// Every redirect target Better Auth takes from a request stays on this site (issue 42, finding 1):
// `GET /verify-email?token=x&callbackURL=%2F.%2F%2Fevil.example` answered `Location: //evil.example`.
// Each endpoint that takes callbackURL, newUserCallbackURL, errorCallbackURL or redirectTo is tried
// with many spellings of another site; none may answer a redirect off the site or accept the target.
import { describe, expect, it } from "vitest";
import { signUp } from "../support/app.ts";
import { appForFile } from "../support/fixture.ts";
import { authRequest } from "../support/outbox.ts";
import { newUser } from "../support/users.ts";

const app = await appForFile();
const base = app.config.baseUrl;
const host = new URL(base).host;

/** Targets as the endpoint receives them (after the query's own percent-decoding). */
const offSite = [
  "//evil.example",
  "/.//evil.example",
  "/..//evil.example",
  "/./.././/evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "/\\/evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "\t//evil.example",
  " //evil.example",
  "%2F%2Fevil.example",
  "%2F.%2F%2Fevil.example",
  "https://evil.example",
  "HTTPS://evil.example/",
  "https:evil.example",
  "https:/evil.example",
  `https://${host}@evil.example/`,
  `https://${host}.evil.example/`,
  `http://${host}.evil.example/app`,
  `//${host}@evil.example`,
  "javascript:alert(document.domain)",
  "JaVaScRiPt:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "evil.example",
];

const onSite = ["/app/dashboard", "/reset-password", "/app?next=//not-a-host", `${base}/app/dashboard`];

/** A redirect answer's Location resolved against the site, or null when the answer is no redirect. */
function redirectTarget(response: Response): URL | null {
  const location = response.headers.get("location");
  return location ? new URL(location, base) : null;
}

/**
 * Refused with a client error, by Portico's hook (400 INVALID_REDIRECT) or, for spellings it already
 * catches, by Better Auth's own origin check (403 INVALID_CALLBACK_URL and the like).
 */
async function expectRefused(response: Response) {
  const target = redirectTarget(response);
  if (target) expect(target.origin).toBe(new URL(base).origin);
  const body = (await response.json()) as { code?: string };
  expect({ status: response.status, code: body.code }).toEqual(
    response.status === 403
      ? { status: 403, code: expect.stringMatching(/^INVALID_.*(CALLBACK|REDIRECT)_URL$/) }
      : { status: 400, code: "INVALID_REDIRECT" },
  );
}

const getEndpoints: [string, (target: string) => string][] = [
  ["verify-email", (t) => `/verify-email?token=x&callbackURL=${encodeURIComponent(t)}`],
  ["reset-password", (t) => `/reset-password/some-token?callbackURL=${encodeURIComponent(t)}`],
  ["delete-user callback", (t) => `/delete-user/callback?token=x&callbackURL=${encodeURIComponent(t)}`],
];

const postEndpoints: [string, string, (target: string) => object][] = [
  [
    "sign-in",
    "/sign-in/email",
    (t) => ({ email: "nobody@example.test", password: "x".repeat(12), callbackURL: t }),
  ],
  ["sign-up", "/sign-up/email", (t) => ({ ...newUser("redirected"), callbackURL: t })],
  [
    "password reset mail",
    "/request-password-reset",
    (t) => ({ email: "nobody@example.test", redirectTo: t }),
  ],
  [
    "verification mail",
    "/send-verification-email",
    (t) => ({ email: "nobody@example.test", callbackURL: t }),
  ],
  ["social sign-in", "/sign-in/social", (t) => ({ provider: "github", callbackURL: t })],
  ["social error target", "/sign-in/social", (t) => ({ provider: "github", errorCallbackURL: t })],
  ["social new-user target", "/sign-in/social", (t) => ({ provider: "github", newUserCallbackURL: t })],
];

describe("redirect targets from the request", () => {
  it("the reported request is refused", async () => {
    const response = await app.auth.handler(
      new Request(`${base}/api/auth/verify-email?token=x&callbackURL=%2F.%2F%2Fevil.example`, {
        redirect: "manual",
      }),
    );
    await expectRefused(response);
  });

  for (const [name, path] of getEndpoints) {
    it.each(offSite)(`${name}: refuses %j`, async (target) => {
      await expectRefused(await authRequest(app, "GET", path(target)));
    });
  }

  for (const [name, path, body] of postEndpoints) {
    it.each(offSite)(`${name}: refuses %j`, async (target) => {
      await expectRefused(await authRequest(app, "POST", path, { body: body(target) }));
    });
  }

  it("a signed-in change of address refuses an off-site target too", async () => {
    const cookie = await signUp(app, newUser("mover"));
    for (const target of offSite.slice(0, 6)) {
      const response = await authRequest(app, "POST", "/change-email", {
        body: { newEmail: "moved@example.test", callbackURL: target },
        cookie,
      });
      await expectRefused(response);
    }
  });

  it.each(onSite)("targets on this site still work: %j", async (target) => {
    const verify = await authRequest(
      app,
      "GET",
      `/verify-email?token=x&callbackURL=${encodeURIComponent(target)}`,
    );
    expect(verify.status).toBe(302);
    expect(redirectTarget(verify)?.origin).toBe(new URL(base).origin);
    const reset = await authRequest(app, "POST", "/request-password-reset", {
      body: { email: "nobody@example.test", redirectTo: target },
    });
    expect(reset.status).toBe(200);
  });
});
