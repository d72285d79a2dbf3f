import { createHmac } from "node:crypto";
import type { IdentityType } from "@/db/schema";

/**
 * Identity numbers are kept only as a keyed hash (to recognise a repeat) and their last four
 * characters. The key is OWO_IDENTITY_SECRET, else AUTH_SECRET (the app's own secret, set on
 * every instance), else a fixed app secret so development without either still works; a hash
 * is never compared across a change of key, it only recognises repeats.
 */
const FALLBACK_SECRET = "owo-identity-number-hash-v1";

function hashKey(): string {
  return process.env.OWO_IDENTITY_SECRET || process.env.AUTH_SECRET || FALLBACK_SECRET;
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
