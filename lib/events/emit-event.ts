import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { events, type Mode } from "@/db/schema";
import { prefixedId } from "@/lib/ids";

export type EmitInput = {
  merchantId: string;
  mode: Mode;
  /** The key pair that owns the resource: its webhook URL and secret are used. */
  keyPairId: string;
  type: string;
  data: Record<string, unknown>;
};

/**
 * Writes events to the outbox in the caller's transaction (one statement however many):
 * no change without its event, no event without its change. Delivery starts after commit
 * (deliver-after-commit.ts) and the scheduler retries what is still due. Returns the ids of
 * the events that have somewhere to go: what to hand to deliverAfterCommit.
 */
export async function emitEvents(tx: DbOrTx, inputs: EmitInput[]): Promise<string[]> {
  return (await insertEvents(tx, inputs)).filter((e) => e.deliveryStatus === "pending").map((e) => e.id);
}

async function insertEvents(tx: DbOrTx, inputs: EmitInput[]) {
  if (inputs.length === 0) return [];
  // A key with no webhook URL has nowhere to deliver: the event is recorded (GET /v1/events
  // lists it) as no_endpoint at once, so nothing claims it after commit.
  const noUrl = (keyPairId: string) => sql`(select webhook_url is null from api_key_pairs where id = ${keyPairId}::uuid)`;
  const rows = inputs.map((input) => ({
    id: prefixedId("event"),
    merchantId: input.merchantId,
    mode: input.mode,
    keyPairId: input.keyPairId,
    type: input.type,
    data: input.data,
    deliveryStatus: sql`case when ${noUrl(input.keyPairId)} then 'no_endpoint' else 'pending' end`,
    nextAttemptAt: sql`case when ${noUrl(input.keyPairId)} then null else now() end`,
  }));
  return tx.insert(events).values(rows).returning({ id: events.id, deliveryStatus: events.deliveryStatus });
}

/** One event; returns its id (the `webhook-id`) whether or not it has somewhere to go. */
export async function emitEvent(tx: DbOrTx, input: EmitInput): Promise<string> {
  const [row] = await insertEvents(tx, [input]);
  return row!.id;
}
