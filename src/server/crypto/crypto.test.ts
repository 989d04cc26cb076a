// Envelope encryption and where its master keys come from.
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "../config.ts";
import { DecryptionError, Keyring } from "./envelope.ts";
import { formatKeyList, type MasterKey } from "./key-format.ts";
import { DEV_KEY_FILE, resolveKeyring } from "./keyring.ts";

const key = (id: string): MasterKey => ({ id, key: randomBytes(32) });

describe("Keyring", () => {
  const v1 = key("v1");
  const v2 = key("v2");

  it("round-trips text, with a fresh ciphertext every time and the key id in it", () => {
    const ring = new Keyring([v1]);
    const a = ring.encrypt("s3cret-value", "row:1");
    const b = ring.encrypt("s3cret-value", "row:1");
    expect(a).not.toBe(b);
    expect(a).not.toContain("s3cret");
    expect(Keyring.keyIdOf(a)).toBe("v1");
    expect(ring.decrypt(a, "row:1")).toBe("s3cret-value");
  });

  it("refuses a ciphertext moved to another context (row or column)", () => {
    const ring = new Keyring([v1]);
    const sealed = ring.encrypt("token", "row:1");
    expect(() => ring.decrypt(sealed, "row:2")).toThrow(DecryptionError);
  });

  it("refuses altered data", () => {
    const ring = new Keyring([v1]);
    const parts = ring.encrypt("token", "ctx").split(".");
    const body = Buffer.from(parts[3] ?? "", "base64url");
    body[14] = (body[14] ?? 0) ^ 1;
    parts[3] = body.toString("base64url");
    expect(() => ring.decrypt(parts.join("."), "ctx")).toThrow(/wrong key or altered data/);
    expect(() => ring.decrypt("garbage", "ctx")).toThrow(/malformed/);
  });

  it("reads old rows with older keys and writes new ones with the current key", () => {
    const old = new Keyring([v1]).encrypt("old secret", "ctx");
    const rotated = new Keyring([v2, v1]);
    expect(rotated.decrypt(old, "ctx")).toBe("old secret");
    expect(Keyring.keyIdOf(rotated.encrypt("new", "ctx"))).toBe("v2");
  });

  it("names the missing key when a row's key is not configured", () => {
    const sealed = new Keyring([v1]).encrypt("x", "ctx");
    expect(() => new Keyring([v2]).decrypt(sealed, "ctx")).toThrow(
      'Secret is encrypted with key "v1", which is not in ENCRYPTION_KEYS',
    );
  });
});

describe("ENCRYPTION_KEYS", () => {
  it("parses id:base64 pairs, the first being current", () => {
    const [a, b] = [key("v2"), key("v1")];
    const config = parseConfig({ ENCRYPTION_KEYS: formatKeyList([a, b]) });
    expect(config.encryptionKeys?.map((k) => k.id)).toEqual(["v2", "v1"]);
    expect(config.encryptionKeys?.[0]?.key.equals(a.key)).toBe(true);
  });

  it.each([
    ["nonsense", /comma-separated list of id:key pairs/],
    [`v1:${randomBytes(16).toString("base64")}`, /key "v1" must be 32 bytes/],
    [`v1:${randomBytes(32).toString("base64")},v1:${randomBytes(32).toString("base64")}`, /appears twice/],
  ])("rejects %s with a message naming the variable", (value, message) => {
    expect(() => parseConfig({ ENCRYPTION_KEYS: value })).toThrow(ConfigError);
    expect(() => parseConfig({ ENCRYPTION_KEYS: value })).toThrow(message);
  });
});

describe("resolveKeyring", () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), "portico-keys-"));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("stops a production start without ENCRYPTION_KEYS, even with a database URL", () => {
    const config = parseConfig({
      APP_ENV: "production",
      DATA_DIR: dataDir(),
      DATABASE_URL: "postgres://x/y",
    });
    expect(() => resolveKeyring(config)).toThrow(ConfigError);
    expect(() => resolveKeyring(config)).toThrow("ENCRYPTION_KEYS: required when APP_ENV is production");
    expect(existsSync(path.join(config.dataDir, DEV_KEY_FILE))).toBe(false);
  });

  it("uses the configured keys in production", () => {
    const configured = key("prod1");
    const ring = resolveKeyring(
      parseConfig({
        APP_ENV: "production",
        DATA_DIR: dataDir(),
        ENCRYPTION_KEYS: formatKeyList([configured]),
      }),
    );
    expect(ring.currentKeyId).toBe("prod1");
  });

  it("generates a development key once into DATA_DIR and reuses it", () => {
    const dir = dataDir();
    const warnings: string[] = [];
    const first = resolveKeyring(parseConfig({ DATA_DIR: dir }), (m) => warnings.push(m));
    const sealed = first.encrypt("dev secret", "ctx");
    const again = resolveKeyring(parseConfig({ DATA_DIR: dir }));
    expect(again.currentKeyId).toBe(first.currentKeyId);
    expect(again.decrypt(sealed, "ctx")).toBe("dev secret");
    expect(readFileSync(path.join(dir, DEV_KEY_FILE), "utf8")).toMatch(/^dev-[0-9a-f]{6}:/);
    expect(warnings).toEqual([]);
  });

  it("warns that replicas need the same key when it generates one next to a database server", () => {
    const warnings: string[] = [];
    resolveKeyring(parseConfig({ DATA_DIR: dataDir(), DATABASE_URL: "postgres://db/portico" }), (m) =>
      warnings.push(m),
    );
    expect(warnings.join()).toMatch(/Every server sharing this database needs the same key/);
  });

  it("keeps the generated key readable after ENCRYPTION_KEYS is set, so its rows can be rotated", () => {
    const dir = dataDir();
    const sealed = resolveKeyring(parseConfig({ DATA_DIR: dir })).encrypt("before", "ctx");
    const ring = resolveKeyring(parseConfig({ DATA_DIR: dir, ENCRYPTION_KEYS: formatKeyList([key("v1")]) }));
    expect(ring.currentKeyId).toBe("v1");
    expect(ring.decrypt(sealed, "ctx")).toBe("before");
  });
});
