import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { checkoutSessions, sessionEvents, type CheckoutSession } from "@/db/schema";

/**
 * A checkout session as a destination of inbound money (lib/payments/receive-instruments.ts
 * plugs it in): paid on its hosted page by card or crypto, or through the account or PayID it
 * issued. One payment completes it.
 */

/** Finds and locks the session row (FOR UPDATE): the first lock any payment for it takes. */
export async function lockSession(tx: DbOrTx, sessionId: string): Promise<CheckoutSession | undefined> {
  const [row] = await tx.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId)).for("update");
  return row;
}

/** Why the session takes no money now, or null while it is active. */
export const sessionClosedReason = (s: CheckoutSession): string | null =>
  s.status === "active" ? null : `This checkout session is ${s.status} and no longer accepts payments.`;

/** What a booked payment does to its (locked) session: completed, and "paid" on its timeline. */
export async function completeSession(
  tx: DbOrTx,
  session: CheckoutSession,
  p: { channel: string; amount: number; reference: string; paidAt: Date },
): Promise<void> {
  await tx
    .update(checkoutSessions)
    .set({ status: "completed", paidAt: p.paidAt, paymentReference: p.reference, paymentMethod: p.channel })
    .where(and(eq(checkoutSessions.id, session.id), eq(checkoutSessions.status, "active")));
  await tx.insert(sessionEvents).values({ sessionId: session.id, type: "paid", data: { channel: p.channel, amount: p.amount, reference: p.reference } });
}
