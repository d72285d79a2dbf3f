import { Secret, TOTP } from "otpauth";

/**
 * TOTP (RFC 6238) as every authenticator app reads it: SHA1, 6 digits, 30-second steps, a
 * 160-bit secret. A code is accepted one step either side of now (clock drift), and the step it
 * matched is answered so the caller can refuse a step already used (second-factor.ts).
 */
export const TOTP_ISSUER = "Owo";
const PERIOD = 30;
const WINDOW = 1;

function totp(secretBase32: string, email = ""): TOTP {
  return new TOTP({ issuer: TOTP_ISSUER, label: email, algorithm: "SHA1", digits: 6, period: PERIOD, secret: Secret.fromBase32(secretBase32) });
}

/** A new random secret, base32 (what an app's "enter a setup key" takes). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an app scans: label `Owo:<email>`, issuer `Owo`. */
export function totpUri(secretBase32: string, email: string): string {
  return totp(secretBase32, email).toString();
}

/** The 6-digit code at a time (tests, and nothing else, need to make one). */
export function totpCode(secretBase32: string, timestamp = Date.now()): string {
  return totp(secretBase32).generate({ timestamp });
}

/** The time step a code matches (now ± one step), or null when it matches none. */
export function matchTotpStep(secretBase32: string, code: string, timestamp = Date.now()): number | null {
  const token = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const t = totp(secretBase32);
  const delta = t.validate({ token, timestamp, window: WINDOW });
  return delta === null ? null : t.counter({ timestamp }) + delta;
}
