import type { Db } from "@/db/client";
import type { Mode } from "@/db/schema";
import { invalidState } from "@/lib/errors";
import { deliverEvent, type DeliveryResult } from "./deliver-event";
import { getMerchantEventOrThrow } from "./get-event";

/**
 * The dashboard's "resend": one manual attempt now, with the event's own `webhook-id` (so a
 * receiver that already has it can deduplicate). It does not move the automatic schedule
 * unless it succeeds, which delivers the event, whatever its status was.
 */
export async function resendEvent(db: Db, input: { merchantId: string; mode: Mode; eventId: string }): Promise<DeliveryResult> {
  const event = await getMerchantEventOrThrow(db, input);
  const result = await deliverEvent(db, { eventId: event.id, trigger: "manual" });
  if (result.outcome === "no_endpoint") {
    throw invalidState("This key has no webhook URL.");
  }
  return result;
}
