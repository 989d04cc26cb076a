// Better Auth in the browser (sign-in and its second step, sign-up, sign-out, two-factor setup, admin actions). Created on first use so that
// server rendering, which has no window to infer the address from, never builds one.
import { adminClient, twoFactorClient } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";

// twoFactorClient without a redirect page: the sign-in form shows the code step itself, so the OAuth
// request it carries in its search stays where it is.
const create = () =>
  createAuthClient({ baseURL: window.location.origin, plugins: [adminClient(), twoFactorClient()] });

let client: ReturnType<typeof create> | undefined;

export function authClient(): ReturnType<typeof create> {
  client ??= create();
  return client;
}
