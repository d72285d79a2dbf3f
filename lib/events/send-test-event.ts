import type { Db } from "@/db/client";
import type { Mode } from "@/db/schema";
import { invalidState } from "@/lib/errors";
import { getKeyPairRowOrThrow } from "@/lib/keys/get-key-pair";
import { deliverAfterCommit } from "./deliver-after-commit";
import { emitEvent } from "./emit-event";

const TEST_EVENT_TYPE = "webhook.test";

/**
 * Emits a `webhook.test` event for one key pair of the merchant and mode and starts its
 * delivery, so a merchant can check their endpoint and signature verification end to end.
 */
export async function sendTestEvent(db: Db, input: { merchantId: string; mode: Mode; keyPairId: string }): Promise<{ eventId: string }> {
  const eventId = await db.transaction(async (tx) => {
    const keyPair = await getKeyPairRowOrThrow(tx, input);
    if (keyPair.revokedAt) throw invalidState("The key is revoked.");
    if (!keyPair.webhookUrl) {
      throw invalidState("This key has no webhook URL.");
    }
    return emitEvent(tx, {
      merchantId: input.merchantId,
      mode: input.mode,
      keyPairId: keyPair.id,
      type: TEST_EVENT_TYPE,
      data: { message: "This is a test event from Owo.", key_pair_id: keyPair.id, sent_at: new Date().toISOString() },
    });
  });
  deliverAfterCommit([eventId]);
  return { eventId };
}
