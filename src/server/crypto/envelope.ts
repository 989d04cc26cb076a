// Envelope encryption with AES-256-GCM. Each value gets its own random data key; the data key is
// wrapped by a master key whose id travels with the ciphertext, so old rows stay readable after the
// master key changes and rotation only has to re-wrap. The caller's context (e.g. "table:row id") is
// bound as associated data, so a ciphertext copied into another row or column does not decrypt.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import type { MasterKey } from "./key-format.ts";

const VERSION = "pe1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class DecryptionError extends Error {
  override name = "DecryptionError";
}

function seal(key: Buffer, plaintext: Buffer, aad: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(aad, "utf8"));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]);
}

function open(key: Buffer, sealed: Buffer, aad: string): Buffer {
  if (sealed.length < IV_BYTES + TAG_BYTES) throw new DecryptionError("Secret is malformed");
  const iv = sealed.subarray(0, IV_BYTES);
  const tag = sealed.subarray(sealed.length - TAG_BYTES);
  const decipher = createDecipheriv("aes-256-gcm", key, iv);
  decipher.setAAD(Buffer.from(aad, "utf8"));
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([
      decipher.update(sealed.subarray(IV_BYTES, sealed.length - TAG_BYTES)),
      decipher.final(),
    ]);
  } catch {
    throw new DecryptionError("Secret could not be decrypted: wrong key or altered data");
  }
}

export class Keyring {
  readonly current: MasterKey;
  private readonly byId: Map<string, Buffer>;

  constructor(keys: readonly MasterKey[]) {
    const [current] = keys;
    if (!current) throw new Error("a keyring needs at least one master key");
    this.current = current;
    this.byId = new Map(keys.map(({ id, key }) => [id, key]));
  }

  get currentKeyId(): string {
    return this.current.id;
  }

  get keyIds(): string[] {
    return [...this.byId.keys()];
  }

  /** `pe1.<key id>.<wrapped data key>.<ciphertext>`, base64url parts. */
  encrypt(plaintext: string, context: string): string {
    const dataKey = randomBytes(32);
    const wrapped = seal(this.current.key, dataKey, `dek:${this.current.id}`);
    const body = seal(dataKey, Buffer.from(plaintext, "utf8"), context);
    return [VERSION, this.current.id, wrapped.toString("base64url"), body.toString("base64url")].join(".");
  }

  decrypt(envelope: string, context: string): string {
    const [version, keyId, wrapped, body, ...rest] = envelope.split(".");
    if (version !== VERSION || !keyId || !wrapped || !body || rest.length > 0) {
      throw new DecryptionError("Secret is malformed");
    }
    const masterKey = this.byId.get(keyId);
    if (!masterKey) {
      throw new DecryptionError(`Secret is encrypted with key "${keyId}", which is not in ENCRYPTION_KEYS`);
    }
    const dataKey = open(masterKey, Buffer.from(wrapped, "base64url"), `dek:${keyId}`);
    return open(dataKey, Buffer.from(body, "base64url"), context).toString("utf8");
  }

  /** The master key id an envelope was written with. */
  static keyIdOf(envelope: string): string | undefined {
    return envelope.split(".")[1];
  }
}
