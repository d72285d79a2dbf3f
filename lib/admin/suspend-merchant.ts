import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { apiKeyPairs, merchants } from "@/db/schema";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { notFound } from "@/lib/errors";
import { forgetKeyPair } from "@/lib/keys/key-cache";
import { isUuid } from "@/lib/text-patterns";
import { parseOrThrow } from "@/lib/validation";

/** Why an admin suspends or lifts a suspension: required, kept in the audit log (and on the merchant while suspended). */
export const SuspensionReason = z
  .string({ error: "Give a reason" })
  .trim()
  .min(3, "Give a reason of at least 3 characters")
  .max(500, "Keep the reason under 500 characters");

export type SuspensionResult = { id: string; suspended: boolean; suspendedAt: Date | null; changed: boolean };

/**
 * A platform admin suspends a merchant, or lifts its suspension. While suspended every /v1
 * request with its keys answers 403 MERCHANT_SUSPENDED (lib/http/route.ts reads `suspended_at`
 * in the key lookup it already makes) and its dashboard refuses money-moving actions
 * (`moneyAction`). Audited (`merchant.suspended` / `merchant.unsuspended`) with the admin and
 * the reason. Asking for the state the merchant is already in changes nothing and audits
 * nothing.
 *
 * The key cache (lib/keys/key-cache.ts) holds a lookup for OWO_KEY_CACHE_MS (5 s): this
 * instance forgets the merchant's key pairs at once; another instance answers from its cache
 * until its entry expires, so a suspension (or its lifting) holds everywhere within that TTL.
 */
export async function setMerchantSuspended(db: Db, input: { merchantId: string; suspended: boolean; reason: string; actor: Actor }): Promise<SuspensionResult> {
  const reason = parseOrThrow(z.object({ reason: SuspensionReason }), { reason: input.reason }).reason;
  if (!isUuid(input.merchantId)) throw notFound("Merchant not found.");
  const result = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ id: merchants.id, suspendedAt: merchants.suspendedAt })
      .from(merchants)
      .where(eq(merchants.id, input.merchantId))
      .for("update");
    if (!before) throw notFound("Merchant not found.");
    if (Boolean(before.suspendedAt) === input.suspended) {
      return { id: before.id, suspended: input.suspended, suspendedAt: before.suspendedAt, changed: false };
    }
    const suspendedAt = input.suspended ? new Date() : null;
    await tx
      .update(merchants)
      .set({ suspendedAt, suspendedReason: input.suspended ? reason : null })
      .where(eq(merchants.id, input.merchantId));
    await recordAudit(tx, {
      merchantId: input.merchantId,
      actor: input.actor,
      action: input.suspended ? "merchant.suspended" : "merchant.unsuspended",
      targetType: "merchant",
      targetId: input.merchantId,
      changes: { suspended: { from: !input.suspended, to: input.suspended }, reason: { to: reason } },
    });
    return { id: before.id, suspended: input.suspended, suspendedAt, changed: true };
  });
  if (result.changed) {
    // This instance's cached lookups of the merchant's keys carry the old state: drop them now.
    const pairs = await db.select({ id: apiKeyPairs.id }).from(apiKeyPairs).where(eq(apiKeyPairs.merchantId, input.merchantId));
    for (const p of pairs) forgetKeyPair(p.id);
  }
  return result;
}
