import { and, desc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { payments, type Mode } from "@/db/schema";

export type RecentPayment = {
  reference: string;
  amount: number;
  status: string;
  channel: string;
  payerName: string | null;
  paidAt: Date;
};

/** The latest inbound payments: the first rows of the (merchant_id, mode, paid_at, id) index (the payments list's order). */
export async function getRecentPayments(tx: DbOrTx, scope: { merchantId: string; mode: Mode; limit?: number }): Promise<RecentPayment[]> {
  const rows = await tx
    .select({
      reference: payments.reference,
      amount: payments.amount,
      status: payments.status,
      channel: payments.channel,
      customerName: payments.customerName,
      payer: payments.payer,
      paidAt: payments.paidAt,
    })
    .from(payments)
    .where(and(eq(payments.merchantId, scope.merchantId), eq(payments.mode, scope.mode)))
    .orderBy(desc(payments.paidAt), desc(payments.id))
    .limit(scope.limit ?? 8);
  return rows.map((r) => ({
    reference: r.reference,
    amount: r.amount,
    status: r.status,
    channel: r.channel,
    payerName: r.customerName ?? (typeof r.payer?.name === "string" ? r.payer.name : null),
    paidAt: r.paidAt,
  }));
}
