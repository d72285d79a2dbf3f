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
 * (deliver-after-commit.ts) and the scheduler retries what is still due. Returns the event
 * ids (each one the `webhook-id` of its deliveries), in order.
 */
export async function emitEvents(tx: DbOrTx, inputs: EmitInput[]): Promise<string[]> {
  if (inputs.length === 0) return [];
  const rows = inputs.map((input) => ({
    id: prefixedId("event"),
    merchantId: input.merchantId,
    mode: input.mode,
    keyPairId: input.keyPairId,
    type: input.type,
    data: input.data,
  }));
  await tx.insert(events).values(rows);
  return rows.map((r) => r.id);
}

export async function emitEvent(tx: DbOrTx, input: EmitInput): Promise<string> {
  const [id] = await emitEvents(tx, [input]);
  return id!;
}
