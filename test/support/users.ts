import { randomBytes } from "node:crypto";
import type { Credentials } from "./app.ts";

/** Credentials no other test uses, so tests sharing a server or database never collide. */
export function newUser(label = "user"): Credentials {
  const id = randomBytes(4).toString("hex");
  return { email: `${label}-${id}@example.test`, password: `pw-${id}-correct-horse`, name: `${label} ${id}` };
}
