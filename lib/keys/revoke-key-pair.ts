import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { apiKeyPairs, type Mode } from "@/db/schema";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { getKeyPairRowOrThrow } from "./get-key-pair";
import { forgetKeyPair } from "./key-cache";
import { toKeyPairView, type KeyPairView } from "./key-view";

/** Revokes both halves of a pair for good. Revoking twice is harmless. */
export async function revokeKeyPair(db: Db, input: { merchantId: string; mode: Mode; keyPairId: string; actor: Actor }): Promise<KeyPairView> {
  const result = await db.transaction(async (tx) => {
    const current = await getKeyPairRowOrThrow(tx, input);
    if (current.revokedAt) return toKeyPairView(current);
    const [row] = await tx.update(apiKeyPairs).set({ revokedAt: new Date() }).where(eq(apiKeyPairs.id, current.id)).returning();
    await recordAudit(tx, {
      merchantId: input.merchantId,
      actor: input.actor,
      action: "api_key.revoked",
      targetType: "api_key_pair",
      targetId: current.id,
      changes: { revoked_at: { from: null, to: row!.revokedAt } },
    });
    return toKeyPairView(row!);
  });
  forgetKeyPair(input.keyPairId);
  return result;
}
