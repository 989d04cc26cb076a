import { randomBytes } from "node:crypto";
import path from "node:path";
import type { Config } from "./config.ts";
import { readOrCreateOnce } from "./generated-file.ts";

/**
 * The session-signing secret. Production must configure one; elsewhere a random one is generated once
 * into the data folder, so sessions survive restarts without any setup.
 */
export function resolveAuthSecret(config: Config): string {
  if (config.authSecret) return config.authSecret;
  if (config.environment === "production") {
    throw new Error("Invalid configuration:\n  - BETTER_AUTH_SECRET: required when APP_ENV is production");
  }
  const file = path.resolve(config.dataDir, "auth-secret");
  return readOrCreateOnce(file, () => randomBytes(32).toString("base64url")).content.trim();
}
