import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Config } from "./config.ts";

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
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
