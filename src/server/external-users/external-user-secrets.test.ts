import { describe, expect, it } from "vitest";
import { looksLikeApiKey } from "../api-keys/api-key-secret.ts";
import { isAcceptableReturnUrl } from "./external-user-schemas.ts";
import {
  generateConnectLinkToken,
  generateExternalUserToken,
  hashSecret,
  looksLikeConnectLinkToken,
  looksLikeExternalUserToken,
  maskExternalUserToken,
} from "./external-user-secrets.ts";

describe("external user secrets", () => {
  it("makes pxu_ tokens that are never mistaken for API keys, stored only as their hash", () => {
    const token = generateExternalUserToken();
    expect(looksLikeExternalUserToken(token.secret)).toBe(true);
    expect(looksLikeApiKey(token.secret)).toBe(false);
    expect(token.secretHash).toBe(hashSecret(token.secret));
    expect(token.secretHash).not.toContain(token.secret.slice(4));
    expect(maskExternalUserToken(token.prefix, token.lastFour)).toBe(
      `${token.secret.slice(0, 12)}…${token.secret.slice(-4)}`,
    );
    expect(looksLikeExternalUserToken(`pxu_${"a".repeat(42)}`)).toBe(false);
  });

  it("makes connect-link tokens of their own shape", () => {
    const link = generateConnectLinkToken();
    expect(looksLikeConnectLinkToken(link.token)).toBe(true);
    expect(looksLikeExternalUserToken(link.token)).toBe(false);
    expect(link.tokenHash).toBe(hashSecret(link.token));
  });
});

describe("return URLs", () => {
  it("are https, or http on a loopback host, without credentials or fragment", () => {
    expect(isAcceptableReturnUrl("https://app.example.com/connected")).toBe(true);
    expect(isAcceptableReturnUrl("http://localhost:5173/back")).toBe(true);
    expect(isAcceptableReturnUrl("http://127.0.0.1/back")).toBe(true);
    expect(isAcceptableReturnUrl("http://app.example.com/connected")).toBe(false);
    expect(isAcceptableReturnUrl("https://user:pw@app.example.com/")).toBe(false);
    expect(isAcceptableReturnUrl("https://app.example.com/#frag")).toBe(false);
    expect(isAcceptableReturnUrl("javascript:alert(1)")).toBe(false);
    expect(isAcceptableReturnUrl("not a url")).toBe(false);
  });
});
