import { createHash } from "node:crypto";
import { uuidv7 } from "uuidv7";
import type { Db } from "@/db/client";
import { storeRailWebhook } from "@/db/statements/rail-webhooks";
import { logError } from "@/lib/log";
import { PROVIDER_RAILS, type ProviderRailName } from "@/lib/rails/rail";
import { railByName } from "@/lib/rails/router";

export type WebhookAnswer = { status: 200 | 401 | 404; body: Record<string, unknown>; deliveryId?: string };

export const isProviderRail = (name: string): name is ProviderRailName => (PROVIDER_RAILS as readonly string[]).includes(name);

/**
 * POST /api/rails/:rail/webhook (supplement §11). The provider's signature is checked over
 * the raw body exactly as received: a failure answers 401 and records nothing. A verified
 * delivery is stored (once per its dedupe key: a repeat finds the first row) and answered 200
 * at once; processing follows from the stored row (`processRailWebhook`, after the answer,
 * with the scheduler as the safety net). Nothing in the body is trusted for money: processing
 * asks the provider's API first.
 */
export async function receiveRailWebhook(db: Db, input: { rail: string; rawBody: string; headers: Headers }): Promise<WebhookAnswer> {
  const rail = isProviderRail(input.rail) ? railByName(input.rail) : null;
  if (!rail) return { status: 404, body: { status: false, message: "No such rail is configured" } };
  let verified = false;
  try {
    verified = rail.verifySignature(input.rawBody, input.headers);
  } catch {
    verified = false;
  }
  if (!verified) return { status: 401, body: { status: false, message: "Invalid signature" } };

  let dedupeKey: string;
  try {
    dedupeKey = rail.parseNotice(input.rawBody).dedupeKey;
  } catch (error) {
    // Signed by the provider but not a shape we know: kept (for the operator), processed as ignored.
    logError("rail webhook: a verified body that is not a known notice", { rail: rail.name, error });
    dedupeKey = `unparsed:${createHash("sha256").update(input.rawBody).digest("hex")}`;
  }
  const deliveryId = await storeRailWebhook(db, { id: uuidv7(), rail: rail.name, dedupeKey, body: input.rawBody });
  return { status: 200, body: { status: true }, deliveryId };
}
