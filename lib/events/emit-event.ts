import type { DbOrTx } from "@/db/client";
import type { Mode } from "@/db/schema";
import { insertEvent, insertEvents, type OutboxRow } from "@/db/statements/event-outbox";
import { prefixedId } from "@/lib/ids";

export type EmitInput = {
  merchantId: string;
  mode: Mode;
  /** The key pair that owns the resource: its webhook URL and secret are used. */
  keyPairId: string;
  type: string;
  data: Record<string, unknown>;
};

/** These events as outbox rows (db/statements/event-outbox.ts), each with a new id. */
export function outboxRows(inputs: EmitInput[]): OutboxRow[] {
  return inputs.map((input) => ({
    id: prefixedId("event"),
    merchant_id: input.merchantId,
    mode: input.mode,
    key_pair_id: input.keyPairId,
    type: input.type,
    data: input.data,
  }));
}

export const splitEventIds = (ids: string | null): string[] => (ids ? ids.split(",") : []);

/**
 * Writes events to the outbox in the caller's transaction (one statement however many):
 * no change without its event, no event without its change. Delivery starts after commit
 * (deliver-after-commit.ts) and the scheduler retries what is still due. Returns the ids of
 * the events that have somewhere to go: what to hand to deliverAfterCommit.
 */
export async function emitEvents(tx: DbOrTx, inputs: EmitInput[]): Promise<string[]> {
  if (inputs.length === 0) return [];
  return splitEventIds(await insertEvents(tx, outboxRows(inputs)));
}

/** One event; returns its id (the `webhook-id`) whether or not it has somewhere to go. */
export async function emitEvent(tx: DbOrTx, input: EmitInput): Promise<string> {
  return insertEvent(tx, outboxRows([input])[0]!);
}
