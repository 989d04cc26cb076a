// ENCRYPTION_KEYS: "v2:<base64>,v1:<base64>" — master keys by id, the first is the current one (new
// ciphertexts use it); the others stay only to decrypt rows written before a rotation.
import { z } from "zod";

export interface MasterKey {
  id: string;
  key: Buffer;
}

export const KEY_BYTES = 32;
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;
const FORMAT = `ENCRYPTION_KEYS must be a comma-separated list of id:key pairs (id: letters, digits, - or _; key: ${KEY_BYTES} random bytes in base64), the current key first`;

export function parseKeyList(text: string): MasterKey[] | string {
  const keys: MasterKey[] = [];
  for (const part of text
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean)) {
    const colon = part.indexOf(":");
    const id = part.slice(0, colon);
    if (colon < 1 || !KEY_ID.test(id)) return FORMAT;
    const key = Buffer.from(part.slice(colon + 1), "base64");
    if (key.length !== KEY_BYTES) return `ENCRYPTION_KEYS: key "${id}" must be ${KEY_BYTES} bytes in base64`;
    if (keys.some((existing) => existing.id === id)) return `ENCRYPTION_KEYS: key id "${id}" appears twice`;
    keys.push({ id, key });
  }
  return keys.length > 0 ? keys : FORMAT;
}

export const encryptionKeysSchema = z.string().transform((text, ctx) => {
  const parsed = parseKeyList(text);
  if (typeof parsed === "string") {
    ctx.addIssue({ code: "custom", message: parsed });
    return z.NEVER;
  }
  return parsed;
});

export const formatKeyList = (keys: readonly MasterKey[]) =>
  keys.map(({ id, key }) => `${id}:${key.toString("base64")}`).join(",");
