// What an authenticator app does with an otpauth:// URI: decode its base32 secret and compute the
// current code (RFC 6238: HOTP of RFC 4226 over 30-second steps, HMAC-SHA1, 6 digits). Written from the
// RFCs, not taken from the plugin, so a test fails if the server's codes stop matching real apps.
import { createHmac } from "node:crypto";

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/=+$/, "").toUpperCase();
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

export function hotp(key: Buffer, counter: number, digits = 6): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac("sha1", key).update(message).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, "0");
}

/**
 * The secret of an otpauth:// URI, or of a key as a person types it into an app ("ABCD EFGH …"), as the
 * bytes the codes are computed from.
 */
export function secretOf(uriOrKey: string): Buffer {
  if (!uriOrKey.startsWith("otpauth:")) return base32Decode(uriOrKey.replace(/\s/g, ""));
  const secret = new URL(uriOrKey).searchParams.get("secret");
  if (!secret) throw new Error(`no secret in ${uriOrKey}`);
  return base32Decode(secret);
}

/** The code an authenticator app shows now (or `stepsFromNow` 30-second steps away). */
export function totpCode(uriOrKey: string, stepsFromNow = 0): string {
  return hotp(secretOf(uriOrKey), Math.floor(Date.now() / 30_000) + stepsFromNow);
}

/** A 6-digit code that is none of the ones the server accepts now (it allows one step either side). */
export function wrongTotpCode(totpUri: string): string {
  const accepted = new Set([-1, 0, 1].map((step) => totpCode(totpUri, step)));
  for (let candidate = 0; ; candidate++) {
    const code = String(candidate).padStart(6, "0");
    if (!accepted.has(code)) return code;
  }
}
