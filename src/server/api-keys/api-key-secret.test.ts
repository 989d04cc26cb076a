import { describe, expect, it } from "vitest";
import { generateApiKeySecret, hashApiKeySecret, looksLikeApiKey, maskApiKey } from "./api-key-secret.ts";

describe("API key secrets", () => {
  it("hashes as hex SHA-256, so keys stored by earlier versions keep matching", () => {
    expect(hashApiKeySecret(`ptk_${"a".repeat(43)}`)).toBe(
      "19596e8b6e8d4cb8e98e555443cc9ab41201126a8a6fc9b9d4b91fa07e422d14",
    );
  });

  it("generates a key of the expected shape whose parts describe it", () => {
    const key = generateApiKeySecret();
    expect(looksLikeApiKey(key.secret)).toBe(true);
    expect(key.secretHash).toBe(hashApiKeySecret(key.secret));
    expect(key.secretHash).not.toContain(key.secret);
    expect(maskApiKey(key.prefix, key.lastFour)).toBe(`${key.secret.slice(0, 12)}…${key.secret.slice(-4)}`);
  });

  it("refuses other token shapes before any lookup", () => {
    expect(looksLikeApiKey(`ptk_${"a".repeat(42)}`)).toBe(false);
    expect(looksLikeApiKey(`xyz_${"a".repeat(43)}`)).toBe(false);
    expect(looksLikeApiKey(`ptk_${"a".repeat(42)}!`)).toBe(false);
  });
});
