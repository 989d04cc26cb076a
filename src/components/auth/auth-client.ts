// Better Auth in the browser (sign-in, sign-up, sign-out, admin actions). Created on first use so that
// server rendering, which has no window to infer the address from, never builds one.
import { adminClient } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";

const create = () => createAuthClient({ baseURL: window.location.origin, plugins: [adminClient()] });

let client: ReturnType<typeof create> | undefined;

export function authClient(): ReturnType<typeof create> {
  client ??= create();
  return client;
}
