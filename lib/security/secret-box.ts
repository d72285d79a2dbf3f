import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/**
 * Secrets at rest (webhook signing secrets, TOTP secrets): AES-256-GCM under OWO_ENCRYPTION_KEY
 * (32 random bytes, base64); files (activation documents) through sealBytes below. A sealed value is `enc:v1:<base64url(iv ‖ tag ‖ ciphertext)>`;
 * tampering or the wrong key makes `openSecret` throw, never answer garbage.
 */
const PREFIX = "enc:v1:";
const IV_BYTES = 12;
const TAG_BYTES = 16;

export const ENCRYPTION_KEY_HELP = "OWO_ENCRYPTION_KEY must be 32 random bytes in base64 (generate one with: openssl rand -base64 32)";

/** The key as bytes, or a problem naming the variable. */
export function parseEncryptionKey(raw: string | undefined): { key: Buffer } | { problem: string } {
  if (!raw?.trim()) return { problem: `OWO_ENCRYPTION_KEY is not set. ${ENCRYPTION_KEY_HELP}.` };
  const key = Buffer.from(raw.trim(), "base64");
  if (key.length !== 32) return { problem: `OWO_ENCRYPTION_KEY is not valid. ${ENCRYPTION_KEY_HELP}.` };
  return { key };
}

let cached: { raw: string; key: Buffer } | null = null;

function encryptionKey(): Buffer {
  const raw = process.env.OWO_ENCRYPTION_KEY ?? "";
  if (cached?.raw === raw) return cached.key;
  const parsed = parseEncryptionKey(raw);
  if ("problem" in parsed) throw new Error(parsed.problem);
  cached = { raw, key: parsed.key };
  return parsed.key;
}

export function isSealed(value: string): boolean {
  return value.startsWith(PREFIX);
}

export function sealSecret(plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", encryptionKey(), iv);
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

export function openSecret(sealed: string): string {
  if (!isSealed(sealed)) throw new Error("not a sealed secret");
  const raw = Buffer.from(sealed.slice(PREFIX.length), "base64url");
  const decipher = createDecipheriv("aes-256-gcm", encryptionKey(), raw.subarray(0, IV_BYTES));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
}

/**
 * Files at rest (activation documents): the same AES-256-GCM and key, for bytes. A sealed file
 * is `0x01 ‖ iv ‖ tag ‖ ciphertext`; `context` (e.g. the row's id) is bound as associated data,
 * so a sealed file copied onto another row does not open there.
 */
const BYTES_VERSION = 0x01;

export function sealBytes(plain: Buffer, context = ""): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", encryptionKey(), iv);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([Buffer.from([BYTES_VERSION]), iv, cipher.getAuthTag(), body]);
}

export function openBytes(sealed: Buffer, context = ""): Buffer {
  if (sealed.length < 1 + IV_BYTES + TAG_BYTES || sealed[0] !== BYTES_VERSION) throw new Error("not sealed bytes");
  const iv = sealed.subarray(1, 1 + IV_BYTES);
  const decipher = createDecipheriv("aes-256-gcm", encryptionKey(), iv);
  decipher.setAAD(Buffer.from(context, "utf8"));
  decipher.setAuthTag(sealed.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(sealed.subarray(1 + IV_BYTES + TAG_BYTES)), decipher.final()]);
}
