import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { apiKeyPairs } from "@/db/schema";
import { changedFields, recordAudit, type Actor } from "@/lib/audit/record-audit";
import { notFound } from "@/lib/errors";
import { isUuid } from "@/lib/text-patterns";
import { parseOrThrow } from "@/lib/validation";
import { forgetKeyPair } from "./key-cache";
import { KeyLimitsInput } from "./key-config";
import { toKeyPairView, type KeyPairView } from "./key-view";

/**
 * Sets a key pair's rate limits (either or both): an operator's change (CLI, admin area), never
 * the merchant's (supplement §1). Audited as `api_key.limits_changed` on the key's merchant,
 * with each changed limit before → after, in the same transaction; no change, no audit row.
 */
export async function setKeyLimits(db: Db, input: { keyPairId: string; limits: KeyLimitsInput; actor: Actor }): Promise<KeyPairView> {
  const limits = parseOrThrow(KeyLimitsInput, input.limits);
  if (!isUuid(input.keyPairId)) throw notFound("API key not found.");
  const result = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(apiKeyPairs).where(eq(apiKeyPairs.id, input.keyPairId)).for("update");
    if (!current) throw notFound("API key not found.");
    const next = { rateLimit: limits.rateLimit ?? current.rateLimit, initializeLimit: limits.initializeLimit ?? current.initializeLimit };
    const changes = changedFields({
      rate_limit: [current.rateLimit, next.rateLimit],
      initialize_limit: [current.initializeLimit, next.initializeLimit],
    });
    if (!changes) return toKeyPairView(current);
    const [row] = await tx.update(apiKeyPairs).set(next).where(eq(apiKeyPairs.id, current.id)).returning();
    await recordAudit(tx, {
      merchantId: current.merchantId,
      actor: input.actor,
      action: "api_key.limits_changed",
      targetType: "api_key_pair",
      targetId: current.id,
      changes,
    });
    return toKeyPairView(row!);
  });
  forgetKeyPair(input.keyPairId);
  return result;
}
