import crypto, { createHash, randomBytes } from "node:crypto";
import type { Mode } from "@/db/schema";
import { randomBase62 } from "@/lib/ids";

export type KeyType = "secret" | "public";

const KEY_PATTERN = /^(sk|pk)_(test|live)_[0-9A-Za-z]{40}$/;

export function newSecretKey(mode: Mode): string {
  return `sk_${mode}_${randomBase62(40)}`;
}

export function newPublicKey(mode: Mode): string {
  return `pk_${mode}_${randomBase62(40)}`;
}

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

/**
 * Secret keys carry ~238 bits of randomness, so one SHA-256 is enough to make the stored
 * value useless to whoever reads the database (no slow hash needed on the hot path).
 */
export function hashSecretKey(secretKey: string): string {
  return oneShotHash ? oneShotHash("sha256", secretKey, "hex") : createHash("sha256").update(secretKey).digest("hex");
}

// crypto.hash (Node >= 20.12) skips the Hash object: it runs on every /v1 request.
const oneShotHash = (crypto as { hash?: (algorithm: string, data: string, encoding: "hex") => string }).hash;

export function displayPrefix(secretKey: string): { secretPrefix: string; secretLast4: string } {
  return { secretPrefix: secretKey.slice(0, 12), secretLast4: secretKey.slice(-4) };
}

/** Parses a presented key; null when it is not shaped like one of ours. */
export function parseKey(raw: string): { type: KeyType; mode: Mode } | null {
  const m = KEY_PATTERN.exec(raw);
  if (!m) return null;
  return { type: m[1] === "sk" ? "secret" : "public", mode: m[2] as Mode };
}
