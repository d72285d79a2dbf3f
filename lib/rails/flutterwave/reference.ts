import { createHash } from "node:crypto";

const SAFE = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * Owo's reference as Flutterwave takes it (transfer `reference`, virtual account `tx_ref`: at
 * most 100 characters). Owo's own ids (`trf_…`, `rfd_…`, `VA_…`) are letters, digits, `_`
 * and `-`, which pass unchanged (a webhook's `reference` is then Owo's reference). Anything
 * else becomes `owo_` and 40 hex characters of its SHA-256: deterministic, so a repeated call
 * carries the same reference.
 */
export function providerReference(owoReference: string): string {
  if (SAFE.test(owoReference)) return owoReference;
  return `owo_${createHash("sha256").update(owoReference, "utf8").digest("hex").slice(0, 40)}`;
}
