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
 * Writes an event to the outbox in the caller's transaction: no change without its event,
 * no event without its change. Delivery starts after commit (see deliver-after-commit.ts)
 * and the scheduler retries what is still due. Returns the event id (`webhook-id`).
 */
export async function emitEvent(tx: DbOrTx, input: EmitInput): Promise<string> {
  const id = prefixedId("event");
  await tx.insert(events).values({
    id,
    merchantId: input.merchantId,
    mode: input.mode,
    keyPairId: input.keyPairId,
    type: input.type,
    data: input.data,
  });
  return id;
}
