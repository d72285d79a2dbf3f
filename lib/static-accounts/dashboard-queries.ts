import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { DbOrTx } from "@/db/client";
import {
  refunds,
  STATIC_ACCOUNT_STATUSES,
  staticAccountPayments,
  staticAccounts,
  type Mode,
  type Refund,
  type StaticAccount,
  type StaticAccountPayment,
} from "@/db/schema";
import { flattenSearch, type Paged } from "@/lib/lists/paging";
import { findStaticAccount } from "./get-static-account";
import { pageAccountPayments } from "./list-static-account-payments";
import { listStaticAccounts } from "./list-static-accounts";
import { isRefundable } from "./static-account-payment-view";

/**
 * Read-only queries behind the merchant dashboard's Static accounts pages. Every state change
 * goes through lib/static-accounts and lib/refunds; these only read, always scoped to one
 * merchant and mode (another business's id reads as not found).
 */

export const DashboardStaticAccountsQuery = z.object({
  page: z.coerce.number().int().min(1).catch(1),
  page_size: z.coerce.number().int().min(1).max(100).catch(20),
  status: z.enum(STATIC_ACCOUNT_STATUSES).optional().catch(undefined),
  search: z.string().trim().max(128).optional().catch(undefined),
});
export type DashboardStaticAccountsQuery = z.output<typeof DashboardStaticAccountsQuery>;

export const parseStaticAccountSearch = (search: Record<string, string | string[] | undefined>) => DashboardStaticAccountsQuery.parse(flattenSearch(search));

/** The dashboard's list is the API's list (one search rule, one query). */
export function listDashboardStaticAccounts(
  tx: DbOrTx,
  input: { merchantId: string; mode: Mode } & DashboardStaticAccountsQuery,
): Promise<Paged<StaticAccount>> {
  return listStaticAccounts(tx, input);
}

/** One account of this merchant and mode, or null (the page answers not found). */
export const getDashboardStaticAccount = findStaticAccount;

export type DashboardStaticPayment = StaticAccountPayment & {
  /** The newest refund of the payment, if any. */
  refund: Refund | null;
  /** A refund can still be requested (the static-accounts rule, isRefundable). */
  refundable: boolean;
};

/** An account's payments, newest first, each with its newest refund: the API's page of them. */
export async function listDashboardStaticPayments(
  tx: DbOrTx,
  input: { merchantId: string; mode: Mode; staticAccountId: string; page: number; page_size: number },
): Promise<Paged<DashboardStaticPayment>> {
  const page = await pageAccountPayments(tx, input);
  return { ...page, items: page.items.map(({ payment, refund }) => ({ ...payment, refund, refundable: isRefundable(payment, refund) })) };
}

export type DashboardStaticPaymentLink = {
  account: { id: string; accountNumber: string; bankName: string; customerName: string };
  payment: DashboardStaticPayment;
};

/** The static-account side of a `payments` row (same transaction reference), for the Payments detail page. */
export async function findDashboardStaticPaymentByReference(
  tx: DbOrTx,
  input: { merchantId: string; mode: Mode; reference: string },
): Promise<DashboardStaticPaymentLink | null> {
  const [row] = await tx
    .select({
      payment: staticAccountPayments,
      account: {
        id: staticAccounts.id,
        accountNumber: staticAccounts.accountNumber,
        bankName: staticAccounts.bankName,
        customerName: staticAccounts.customerName,
      },
    })
    .from(staticAccountPayments)
    .innerJoin(staticAccounts, eq(staticAccounts.id, staticAccountPayments.staticAccountId))
    .where(
      and(
        eq(staticAccountPayments.reference, input.reference),
        eq(staticAccountPayments.merchantId, input.merchantId),
        eq(staticAccountPayments.mode, input.mode),
      ),
    )
    .limit(1);
  if (!row) return null;
  const [refund] = await tx.select().from(refunds).where(eq(refunds.paymentId, row.payment.id)).orderBy(desc(refunds.createdAt)).limit(1);
  return { account: row.account, payment: { ...row.payment, refund: refund ?? null, refundable: isRefundable(row.payment, refund ?? null) } };
}
