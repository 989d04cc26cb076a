// Where the master keys come from. Production must configure ENCRYPTION_KEYS: a generated key on one
// machine's disk would be lost with the machine, and replicas would each invent their own. Elsewhere a
// key is generated once into DATA_DIR so a fresh checkout works without setup.
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { type Config, ConfigError } from "../config.ts";
import { readOrCreateOnce } from "../generated-file.ts";
import { Keyring } from "./envelope.ts";
import { formatKeyList, KEY_BYTES, type MasterKey, parseKeyList } from "./key-format.ts";

export const DEV_KEY_FILE = "encryption-keys";

function readKeyFile(file: string): MasterKey[] {
  const parsed = parseKeyList(readFileSync(file, "utf8").trim());
  if (typeof parsed === "string") throw new ConfigError(`Invalid configuration:\n  - ${file}: ${parsed}`);
  return parsed;
}

export function resolveKeyring(
  config: Pick<Config, "encryptionKeys" | "environment" | "dataDir" | "databaseUrl">,
  warn: (message: string) => void = console.warn,
): Keyring {
  const file = path.resolve(config.dataDir, DEV_KEY_FILE);
  if (config.environment === "production") {
    if (!config.encryptionKeys) {
      throw new ConfigError(
        "Invalid configuration:\n  - ENCRYPTION_KEYS: required when APP_ENV is production",
      );
    }
    return new Keyring(config.encryptionKeys);
  }
  const devKeys = existsSync(file) ? readKeyFile(file) : [];
  if (config.encryptionKeys) {
    // Rows written with the generated development key stay readable (and rotatable) after switching.
    const configured = new Set(config.encryptionKeys.map((key) => key.id));
    return new Keyring([...config.encryptionKeys, ...devKeys.filter((key) => !configured.has(key.id))]);
  }
  if (devKeys.length > 0) return new Keyring(devKeys);
  const generate = () => {
    const key: MasterKey = { id: `dev-${randomBytes(3).toString("hex")}`, key: randomBytes(KEY_BYTES) };
    return `${formatKeyList([key])}\n`;
  };
  // Another server process starting at the same moment may win the race to create the file.
  const { created } = readOrCreateOnce(file, generate);
  const keys = readKeyFile(file);
  if (created && config.databaseUrl) {
    warn(
      `ENCRYPTION_KEYS is not set: generated a development key into ${file}. Every server sharing this ` +
        "database needs the same key: set ENCRYPTION_KEYS to that file's content on all of them.",
    );
  }
  return new Keyring(keys);
}
