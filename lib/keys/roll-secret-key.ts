import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { apiKeyPairs, type Mode } from "@/db/schema";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { invalidState } from "@/lib/errors";
import { getKeyPairRowOrThrow } from "./get-key-pair";
import { forgetKeyPair } from "./key-cache";
import { displayPrefix, hashSecretKey, newSecretKey } from "./key-format";
import { toKeyPairView, type KeyPairView } from "./key-view";

/** Replaces the secret key of a pair; the old secret stops working at once. Shown once. */
export async function rollSecretKey(
  db: Db,
  input: { merchantId: string; mode: Mode; keyPairId: string; actor: Actor },
): Promise<{ keyPair: KeyPairView; secretKey: string }> {
  const secretKey = newSecretKey(input.mode);
  const result = await db.transaction(async (tx) => {
    const current = await getKeyPairRowOrThrow(tx, input);
    if (current.revokedAt) throw invalidState("A revoked key cannot be rolled.");
    const [row] = await tx
      .update(apiKeyPairs)
      .set({ secretHash: hashSecretKey(secretKey), ...displayPrefix(secretKey), rolledAt: new Date() })
      .where(eq(apiKeyPairs.id, current.id))
      .returning();
    await recordAudit(tx, {
      merchantId: input.merchantId,
      actor: input.actor,
      action: "api_key.rolled",
      targetType: "api_key_pair",
      targetId: current.id,
      changes: { secret_prefix: { from: `${current.secretPrefix}…${current.secretLast4}`, to: `${row!.secretPrefix}…${row!.secretLast4}` } },
    });
    return { keyPair: toKeyPairView(row!), secretKey };
  });
  forgetKeyPair(input.keyPairId);
  return result;
}
