import { and, count, desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { DbOrTx } from "@/db/client";
import { payments, REFUND_STATUSES, refunds, staticAccountPayments, staticAccounts, type Mode, type Refund } from "@/db/schema";
import { paged, pageOffset, type Paged } from "@/lib/lists/paging";
import { flattenSearch } from "@/lib/lists/paging";
import { sumActiveRefunds, sumCompletedRefunds } from "./refund-amounts";

/** Read-only queries behind the dashboard's Refunds pages, scoped to one merchant and mode. */

export const DashboardRefundsQuery = z.object({
  page: z.coerce.number().int().min(1).catch(1),
  page_size: z.coerce.number().int().min(1).max(100).catch(20),
  status: z.enum(REFUND_STATUSES).optional().catch(undefined),
});
export type DashboardRefundsQuery = z.output<typeof DashboardRefundsQuery>;

export const parseRefundSearch = (search: Record<string, string | string[] | undefined>) => DashboardRefundsQuery.parse(flattenSearch(search));

/** A refund in the list: a static-account payment's names its account; any other channel's only its payment. */
export type DashboardRefundRow = Refund & { accountNumber: string | null; customerName: string | null; paymentReference: string };

export async function listDashboardRefunds(tx: DbOrTx, input: { merchantId: string; mode: Mode } & DashboardRefundsQuery): Promise<Paged<DashboardRefundRow>> {
  const where = and(eq(refunds.merchantId, input.merchantId), eq(refunds.mode, input.mode), input.status ? eq(refunds.status, input.status) : undefined);
  const [rows, [total]] = await Promise.all([
    tx
      .select({ refund: refunds, accountNumber: staticAccounts.accountNumber, customerName: staticAccounts.customerName })
      .from(refunds)
      .leftJoin(staticAccounts, eq(staticAccounts.id, refunds.staticAccountId))
      .where(where)
      .orderBy(desc(refunds.createdAt), desc(refunds.id))
      .limit(input.page_size)
      .offset(pageOffset(input)),
    tx.select({ n: count() }).from(refunds).where(where),
  ]);
  return paged(
    rows.map((r) => ({ ...r.refund, accountNumber: r.accountNumber ?? null, customerName: r.customerName ?? null })),
    total?.n ?? 0,
    input,
  );
}

export type DashboardRefundDetail = {
  refund: Refund;
  /** The payment refunded (amount and fee in kobo, null if its row is gone); `settlementStatus` only for a static-account payment. */
  payment: {
    reference: string;
    amount: number | null;
    fee: number | null;
    payer: { name?: string | null; bank?: string | null; account?: string | null } | null;
    settlementStatus: string | null;
  };
  account: { id: string; accountNumber: string; accountName: string; bankName: string; customerName: string; reference: string } | null;
};

export async function getDashboardRefund(tx: DbOrTx, input: { merchantId: string; mode: Mode; id: string }): Promise<DashboardRefundDetail | null> {
  const [row] = await tx
    .select({
      refund: refunds,
      staticPayment: { payer: staticAccountPayments.payer, settlementStatus: staticAccountPayments.settlementStatus },
      payment: { payer: payments.payer, amount: payments.amount, fee: payments.fee },
      account: {
        id: staticAccounts.id,
        accountNumber: staticAccounts.accountNumber,
        accountName: staticAccounts.accountName,
        bankName: staticAccounts.bankName,
        customerName: staticAccounts.customerName,
        reference: staticAccounts.reference,
      },
    })
    .from(refunds)
    .leftJoin(staticAccountPayments, eq(staticAccountPayments.id, refunds.paymentId))
    .leftJoin(staticAccounts, eq(staticAccounts.id, refunds.staticAccountId))
    .leftJoin(payments, eq(payments.reference, refunds.paymentReference))
    .where(and(eq(refunds.id, input.id), eq(refunds.merchantId, input.merchantId), eq(refunds.mode, input.mode)))
    .limit(1);
  if (!row) return null;
  return {
    refund: row.refund,
    payment: {
      reference: row.refund.paymentReference,
      amount: row.payment?.amount ?? null,
      fee: row.payment?.fee ?? null,
      payer: (row.staticPayment?.payer ?? row.payment?.payer ?? null) as DashboardRefundDetail["payment"]["payer"],
      settlementStatus: row.staticPayment?.settlementStatus ?? null,
    },
    account: row.account?.id ? row.account : null,
  };
}

/** The refunds of one payment (by its reference), newest first, for its page: empty when none was asked for. */
export async function paymentRefunds(tx: DbOrTx, input: { merchantId: string; mode: Mode; reference: string }): Promise<Refund[]> {
  return tx
    .select()
    .from(refunds)
    .where(and(eq(refunds.paymentReference, input.reference), eq(refunds.merchantId, input.merchantId), eq(refunds.mode, input.mode)))
    .orderBy(desc(refunds.createdAt), desc(refunds.id));
}

/**
 * What a payment page says about refunding it (supplement §10): how much is refunded (completed),
 * how much is asked for and not yet decided or paid, and what is left to refund (the amount less
 * every refund not rejected or failed).
 */
export function refundSummary(payment: { amount: number }, rows: readonly Pick<Refund, "amount" | "status">[]) {
  const active = sumActiveRefunds(rows);
  const refunded = sumCompletedRefunds(rows);
  return { refunded, pending: active - refunded, remaining: Math.max(0, payment.amount - active) };
}
