import { and, count, desc, eq, inArray, sum } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { checkoutSessions, payments, type Mode, type Payment } from "@/db/schema";

/**
 * The payments made through a payment link, for its dashboard page: the newest (50 unless
 * said) and the count and sum of all. A payment belongs to the link through its checkout
 * session (`checkout_sessions.payment_link_id`, set by Owo), never through metadata a caller
 * could write.
 */
export async function linkPayments(
  tx: DbOrTx,
  input: { merchantId: string; mode: Mode; linkId: string; limit?: number },
): Promise<{ recent: Payment[]; count: number; total: number }> {
  const sessions = tx
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.paymentLinkId, input.linkId), eq(checkoutSessions.merchantId, input.merchantId), eq(checkoutSessions.mode, input.mode)));
  const where = and(eq(payments.merchantId, input.merchantId), eq(payments.mode, input.mode), inArray(payments.sessionId, sessions));
  const [recent, [totals]] = await Promise.all([
    tx
      .select()
      .from(payments)
      .where(where)
      .orderBy(desc(payments.paidAt), desc(payments.id))
      .limit(input.limit ?? 50),
    tx
      .select({ n: count(), amount: sum(payments.amount) })
      .from(payments)
      .where(where),
  ]);
  return { recent, count: totals?.n ?? 0, total: Number(totals?.amount ?? 0) };
}
