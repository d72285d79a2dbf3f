import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { apiKeyPairs, type Mode } from "@/db/schema";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { invalidState } from "@/lib/errors";
import { sealSecret } from "@/lib/security/secret-box";
import { getKeyPairRowOrThrow } from "./get-key-pair";
import { newWebhookSecret } from "./key-format";

/**
 * Issues a new webhook signing secret. The previous one is kept for 24 hours so deliveries
 * carry both signatures while receivers switch over (supplement §4); the scheduler clears it
 * afterwards (expire-previous-webhook-secrets). Both are stored sealed; the new one is returned
 * in clear, once.
 */
export async function rotateWebhookSecret(
  db: Db,
  input: { merchantId: string; mode: Mode; keyPairId: string; actor: Actor },
): Promise<{ webhookSecret: string }> {
  const webhookSecret = newWebhookSecret();
  return db.transaction(async (tx) => {
    const current = await getKeyPairRowOrThrow(tx, input);
    if (current.revokedAt) throw invalidState("The key is revoked.");
    await tx
      .update(apiKeyPairs)
      .set({ webhookSecret: sealSecret(webhookSecret), previousWebhookSecret: current.webhookSecret, webhookSecretRotatedAt: new Date() })
      .where(eq(apiKeyPairs.id, current.id));
    await recordAudit(tx, {
      merchantId: input.merchantId,
      actor: input.actor,
      action: "api_key.webhook_secret_rotated",
      targetType: "api_key_pair",
      targetId: current.id,
    });
    return { webhookSecret };
  });
}
