import { and, count, desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { DbOrTx } from "@/db/client";
import { REFUND_STATUSES, refunds, staticAccountPayments, staticAccounts, type Mode, type Refund, type StaticAccountPayment } from "@/db/schema";
import { paged, pageOffset, type Paged } from "@/lib/paging";
import { flattenSearch } from "@/lib/paging";

/** Read-only queries behind the dashboard's Refunds pages, scoped to one merchant and mode. */

export const DashboardRefundsQuery = z.object({
  page: z.coerce.number().int().min(1).catch(1),
  page_size: z.coerce.number().int().min(1).max(100).catch(20),
  status: z.enum(REFUND_STATUSES).optional().catch(undefined),
});
export type DashboardRefundsQuery = z.output<typeof DashboardRefundsQuery>;

export const parseRefundSearch = (search: Record<string, string | string[] | undefined>) => DashboardRefundsQuery.parse(flattenSearch(search));

export type DashboardRefundRow = Refund & { accountNumber: string; customerName: string; paymentReference: string };

export async function listDashboardRefunds(tx: DbOrTx, input: { merchantId: string; mode: Mode } & DashboardRefundsQuery): Promise<Paged<DashboardRefundRow>> {
  const where = and(eq(refunds.merchantId, input.merchantId), eq(refunds.mode, input.mode), input.status ? eq(refunds.status, input.status) : undefined);
  const [rows, [total]] = await Promise.all([
    tx
      .select({ refund: refunds, accountNumber: staticAccounts.accountNumber, customerName: staticAccounts.customerName, paymentReference: staticAccountPayments.reference })
      .from(refunds)
      .innerJoin(staticAccounts, eq(staticAccounts.id, refunds.staticAccountId))
      .innerJoin(staticAccountPayments, eq(staticAccountPayments.id, refunds.paymentId))
      .where(where)
      .orderBy(desc(refunds.createdAt), desc(refunds.id))
      .limit(input.page_size)
      .offset(pageOffset(input)),
    tx.select({ n: count() }).from(refunds).where(where),
  ]);
  return paged(
    rows.map((r) => ({ ...r.refund, accountNumber: r.accountNumber, customerName: r.customerName, paymentReference: r.paymentReference })),
    total?.n ?? 0,
    input,
  );
}

export type DashboardRefundDetail = {
  refund: Refund;
  payment: StaticAccountPayment;
  account: { id: string; accountNumber: string; accountName: string; bankName: string; customerName: string; reference: string };
};

export async function getDashboardRefund(tx: DbOrTx, input: { merchantId: string; mode: Mode; id: string }): Promise<DashboardRefundDetail | null> {
  const [row] = await tx
    .select({
      refund: refunds,
      payment: staticAccountPayments,
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
    .innerJoin(staticAccountPayments, eq(staticAccountPayments.id, refunds.paymentId))
    .innerJoin(staticAccounts, eq(staticAccounts.id, refunds.staticAccountId))
    .where(and(eq(refunds.id, input.id), eq(refunds.merchantId, input.merchantId), eq(refunds.mode, input.mode)))
    .limit(1);
  return row ?? null;
}
