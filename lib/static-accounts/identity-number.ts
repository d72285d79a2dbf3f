import { createHmac } from "node:crypto";
import type { IdentityType } from "@/db/schema";

/**
 * Identity numbers are kept only as a keyed hash (to recognise a repeat) and their last four
 * characters. The key is OWO_IDENTITY_SECRET and nothing else: a BVN or NIN is 11 digits, so a
 * hash under a known key (a constant, or a secret that also does another job) could be reversed
 * by trying every number. A hash is never compared across a change of key, it only recognises
 * repeats.
 */
export const IDENTITY_SECRET_HELP = "OWO_IDENTITY_SECRET must be set to a long random value (e.g. openssl rand -base64 32); it keys the hash of BVNs and NINs";

function hashKey(): string {
  const secret = process.env.OWO_IDENTITY_SECRET;
  if (!secret?.trim()) throw new Error(`OWO_IDENTITY_SECRET is not set. ${IDENTITY_SECRET_HELP}.`);
  return secret;
}

/** Upper case, no spaces (CAC numbers are written `RC 123456` as often as `rc123456`). */
export function normaliseIdentityNumber(value: string): string {
  return value.replace(/\s+/g, "").toUpperCase();
}

export function hashIdentityNumber(type: IdentityType, normalised: string): string {
  return createHmac("sha256", hashKey()).update(`${type}:${normalised}`).digest("hex");
}

export const identityLast4 = (normalised: string) => normalised.slice(-4);

/** api.md identity_number_masked: the last four characters only. */
export const maskIdentity = (last4: string) => `${"*".repeat(7)}${last4}`;
