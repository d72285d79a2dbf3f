import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { apiKeyPairs, type Mode } from "@/db/schema";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { invalidState, validationError } from "@/lib/errors";
import { getKeyPairRowOrThrow } from "./get-key-pair";
import { forgetKeyPair } from "./key-cache";
import { KeyConfigInput } from "./key-config";
import { toKeyPairView, type KeyPairView } from "./key-view";
import { webhookUrlProblem } from "./webhook-url";

/**
 * Changes (or clears, with null or "") the webhook URL of a key pair, under the same rules as
 * at creation (https and no internal address in live mode, no credentials). Audited as
 * `api_key.webhook_url_changed` with the URL before and after, in the same transaction. Setting
 * the URL it already has changes nothing and writes no audit row.
 */
export async function setWebhookUrl(
  db: Db,
  input: { merchantId: string; mode: Mode; keyPairId: string; webhookUrl: string | null; actor: Actor },
): Promise<KeyPairView> {
  const parsed = KeyConfigInput.shape.webhookUrl.safeParse(input.webhookUrl ?? "");
  if (!parsed.success) throw validationError(parsed.error.issues.map((i) => i.message));
  const webhookUrl = parsed.data;
  if (webhookUrl) {
    const problem = await webhookUrlProblem(webhookUrl, input.mode);
    if (problem) throw validationError([problem]);
  }
  const result = await db.transaction(async (tx) => {
    const current = await getKeyPairRowOrThrow(tx, input);
    if (current.revokedAt) throw invalidState("The key is revoked.");
    if (current.webhookUrl === webhookUrl) return toKeyPairView(current);
    const [row] = await tx.update(apiKeyPairs).set({ webhookUrl }).where(eq(apiKeyPairs.id, current.id)).returning();
    await recordAudit(tx, {
      merchantId: input.merchantId,
      actor: input.actor,
      action: "api_key.webhook_url_changed",
      targetType: "api_key_pair",
      targetId: current.id,
      changes: { webhook_url: { from: current.webhookUrl, to: webhookUrl } },
    });
    return toKeyPairView(row!);
  });
  forgetKeyPair(input.keyPairId);
  return result;
}
