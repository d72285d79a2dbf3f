import { and, isNotNull, isNull, lte, or } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { apiKeyPairs } from "@/db/schema";
import { ROTATION_OVERLAP_MS } from "./sign-webhook";

/**
 * Clears each rotated-out webhook secret once its 24-hour overlap has ended (supplement §4):
 * it signs nothing any more (signingSecrets already ignores it), so it is not kept. One
 * conditional UPDATE, so it is idempotent and safe from several instances at once; a rotation
 * racing it sets a new rotation time and is re-checked by Postgres, so a fresh previous secret
 * is never cleared. webhook_secret_rotated_at stays: when the secret last changed is no secret.
 * Returns how many key pairs it cleared.
 */
export async function expirePreviousWebhookSecrets(db: DbOrTx, now: Date = new Date()): Promise<number> {
  const overlapEndedBefore = new Date(now.getTime() - ROTATION_OVERLAP_MS);
  const cleared = await db
    .update(apiKeyPairs)
    .set({ previousWebhookSecret: null })
    .where(
      and(
        isNotNull(apiKeyPairs.previousWebhookSecret),
        or(isNull(apiKeyPairs.webhookSecretRotatedAt), lte(apiKeyPairs.webhookSecretRotatedAt, overlapEndedBefore)),
      ),
    )
    .returning({ id: apiKeyPairs.id });
  return cleared.length;
}
