import { createHash } from "node:crypto";

const SAFE = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Owo's reference as Monnify takes it (disbursement `reference`, `refundReference`,
 * `paymentReference`, `accountReference`): Owo's own ids (`trf_…`, `rfd_…`) are letters,
 * digits and `_`, which Monnify accepts as they are, so they pass unchanged (a webhook's
 * `reference` is then Owo's reference). Anything else becomes `owo_` and 40 hex characters of
 * its SHA-256: deterministic, so a repeated call carries the same reference.
 */
export function providerReference(owoReference: string): string {
  if (SAFE.test(owoReference)) return owoReference;
  return `owo_${createHash("sha256").update(owoReference, "utf8").digest("hex").slice(0, 40)}`;
}
