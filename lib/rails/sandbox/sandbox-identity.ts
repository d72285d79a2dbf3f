import type { IdentityCheckRequest, IdentityCheckResult } from "@/lib/bank/provider";

/**
 * Supplement §5's sandbox identity registry: it accepts any well-formed identity number and
 * any name, except by the number's last four characters. The issuing outcomes (1111, 2222)
 * are the sandbox account desk's (sandbox-static-accounts.ts); the registry matches them.
 */
export const SANDBOX_IDENTITY = {
  mismatch: "0000",
  unavailable: "9999",
  rejected: "1111",
  issueUnavailable: "2222",
} as const;

export async function sandboxVerifyIdentity(input: IdentityCheckRequest): Promise<IdentityCheckResult> {
  const last4 = input.identityNumber.slice(-4);
  if (last4 === SANDBOX_IDENTITY.mismatch) return { outcome: "mismatch" };
  if (last4 === SANDBOX_IDENTITY.unavailable) return { outcome: "unavailable", reason: "The identity registry did not answer (sandbox)" };
  return { outcome: "match" };
}
