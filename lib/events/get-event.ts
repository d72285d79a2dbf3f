import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { events, webhookAttempts, type Mode, type OwoEvent, type WebhookAttempt } from "@/db/schema";
import { notFound } from "@/lib/errors";

const EVENT_NOT_FOUND = "Event not found.";

/** An event of this key pair; any other event is simply not found (supplement §2). */
export async function getKeyPairEventOrThrow(tx: DbOrTx, input: { keyPairId: string; eventId: string }): Promise<OwoEvent> {
  const [row] = await tx
    .select()
    .from(events)
    .where(and(eq(events.id, input.eventId), eq(events.keyPairId, input.keyPairId)))
    .limit(1);
  if (!row) throw notFound(EVENT_NOT_FOUND);
  return row;
}

/** An event of this merchant and mode; another merchant's or mode's is not found. */
export async function getMerchantEventOrThrow(tx: DbOrTx, input: { merchantId: string; mode: Mode; eventId: string }): Promise<OwoEvent> {
  const [row] = await tx
    .select()
    .from(events)
    .where(and(eq(events.id, input.eventId), eq(events.merchantId, input.merchantId), eq(events.mode, input.mode)))
    .limit(1);
  if (!row) throw notFound(EVENT_NOT_FOUND);
  return row;
}

/** An event with its delivery attempts, oldest first: the dashboard's webhook log entry. */
export async function getEventWithAttemptsOrThrow(
  tx: DbOrTx,
  input: { merchantId: string; mode: Mode; eventId: string },
): Promise<{ event: OwoEvent; attempts: WebhookAttempt[] }> {
  const event = await getMerchantEventOrThrow(tx, input);
  const attempts = await tx.select().from(webhookAttempts).where(eq(webhookAttempts.eventId, event.id)).orderBy(asc(webhookAttempts.id));
  return { event, attempts };
}
