// Claiming a fresh instance safely (issue 42, finding 9): the first account becomes the site
// administrator, and `npm start` listens on every interface. On an instance without accounts, a
// sign-up from another machine needs the setup code the console prints; from the machine itself it
// works as before. The admin outbox no longer shows anyone's password-reset or verification link.
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import type { App } from "~/server/app-services.ts";
import {
  claimInstructions,
  isFromThisMachine,
  SETUP_CODE_HEADER,
  SETUP_CODE_REQUIRED,
} from "~/server/auth/instance-claim.ts";
import { user } from "~/server/db/schema/index.ts";
import { CLIENT_ADDRESS_HEADER } from "~/server/http/client-address.ts";
import { handleApiRequest } from "~/server/http/handle-api.ts";
import { listOutbox, WITHHELD_LINK } from "~/server/mail/mailer.ts";
import { callerFor, createTestApp, signUp } from "../support/app.ts";
import { authRequest, linkIn, mailsTo } from "../support/outbox.ts";
import { newUser } from "../support/users.ts";

let app: App | undefined;
afterEach(async () => {
  await app?.database.close();
  app = undefined;
});

/** POST /api/auth/sign-up/email as the server receives it from `peer` (srvx's `ip`). */
function signUpFrom(current: App, peer: string, headers: Record<string, string> = {}, label = "claimer") {
  const request = new Request(`${current.config.baseUrl}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: current.config.baseUrl, ...headers },
    body: JSON.stringify(newUser(label)),
  });
  return handleApiRequest(current, Object.assign(request, { ip: peer }), "/api/auth/sign-up/email");
}

const users = async (current: App) => current.db.select({ email: user.email, role: user.role }).from(user);

describe("claiming a fresh instance", () => {
  it("refuses a first sign-up from another machine without the setup code, and stores nothing", async () => {
    app = await createTestApp();
    const attempts: Record<string, string>[] = [{}, { [SETUP_CODE_HEADER]: "WRONG-CODE-0000" }];
    for (const headers of attempts) {
      const response = await signUpFrom(app, "203.0.113.9", headers);
      expect(response?.status).toBe(403);
      expect(await response?.json()).toMatchObject({
        code: "SETUP_CODE_REQUIRED",
        message: SETUP_CODE_REQUIRED,
      });
    }
    // A proxy on the same machine forwards everyone from loopback: that is not the machine itself.
    const proxied = await signUpFrom(app, "127.0.0.1", { "x-forwarded-for": "203.0.113.9" });
    expect(proxied?.status).toBe(403);
    expect(await users(app)).toEqual([]);
  });

  it("takes a first sign-up from another machine with the printed code, as administrator", async () => {
    app = await createTestApp();
    const notice = await claimInstructions(
      app.db,
      { local: "http://localhost:3000", public: app.config.baseUrl },
      app.setupCode,
    );
    expect(notice).toContain(`${app.config.baseUrl}/sign-up?setup=${app.setupCode}`);
    const response = await signUpFrom(app, "203.0.113.9", {
      [SETUP_CODE_HEADER]: app.setupCode.toLowerCase(),
    });
    expect(response?.status).toBe(200);
    expect(await users(app)).toEqual([expect.objectContaining({ role: "admin" })]);
    // Claimed: the console says nothing more, and later sign-ups need no code.
    expect(await claimInstructions(app.db, { local: "", public: "" }, app.setupCode)).toBeNull();
    expect((await signUpFrom(app, "203.0.113.10", {}, "second"))?.status).toBe(200);
  });

  it("takes a first sign-up from the machine itself as before", async () => {
    app = await createTestApp();
    expect((await signUpFrom(app, "::ffff:127.0.0.1"))?.status).toBe(200);
    expect(await users(app)).toEqual([expect.objectContaining({ role: "admin" })]);
    // Loopback in each spelling is the machine itself; anything else, or forwarded, is not.
    const from = (address: string, forwarded = false) =>
      isFromThisMachine(
        new Headers({
          [CLIENT_ADDRESS_HEADER]: address,
          ...(forwarded ? { "x-forwarded-for": "192.0.2.1" } : {}),
        }),
      );
    expect([from("127.0.0.1"), from("127.1.2.3"), from("::1"), from("::ffff:127.0.0.1")]).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect([from("10.0.0.1"), from("::2"), from("127.0.0.1", true), from("localhost")]).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it("SETUP_CODE sets the code", async () => {
    app = await createTestApp({ SETUP_CODE: "operator-chosen-code" });
    expect(app.setupCode).toBe("operator-chosen-code");
    expect(
      (await signUpFrom(app, "203.0.113.9", { [SETUP_CODE_HEADER]: "operator-chosen-code" }))?.status,
    ).toBe(200);
  });
});

describe("the admin outbox", () => {
  it("withholds password-reset and verification links; the mail itself is sent", async () => {
    app = await createTestApp();
    const admin = newUser("admin");
    const cookie = await signUp(app, admin);
    const other = newUser("victim");
    await signUp(app, other);
    const reset = await authRequest(app, "POST", "/request-password-reset", {
      body: { email: other.email, redirectTo: "/reset-password" },
    });
    expect(reset.status).toBe(200);
    const [sent] = await mailsTo(app.db, other.email);
    const resetLink = linkIn(sent?.text ?? "");
    expect(resetLink).toContain("/reset-password/");

    const { emails } = await callerFor(app, cookie).admin.getMailOutbox();
    const shown = emails.find((mail) => mail.to === other.email);
    expect(shown?.text).toContain(WITHHELD_LINK);
    expect(JSON.stringify(emails)).not.toContain(resetLink.split("?")[0]);
    expect((await listOutbox(app.db)).some((mail) => mail.html.includes("/reset-password/"))).toBe(false);
    const [adminRow] = await app.db.select({ role: user.role }).from(user).where(eq(user.email, admin.email));
    expect(adminRow?.role).toBe("admin");
  });
});
