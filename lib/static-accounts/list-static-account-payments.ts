import { and, count, desc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { refunds, staticAccountPayments, type Mode, type Refund, type StaticAccountPayment } from "@/db/schema";
import { paged, pageOffset, type Paged, type Paging } from "@/lib/paging";
import { getStaticAccountOrThrow } from "./get-static-account";
import type { PagingQuery } from "./static-account-input";
import { toStaticAccountPaymentView, type StaticAccountPaymentView } from "./static-account-payment-view";

export type PaymentWithRefund = { payment: StaticAccountPayment; refund: Refund | null };

/**
 * One page of an account's payments (this merchant and mode), newest first, each with its
 * newest refund (null when none was ever requested): the API's list and the dashboard's.
 */
export async function pageAccountPayments(
  tx: DbOrTx,
  input: { merchantId: string; mode: Mode; staticAccountId: string } & Paging,
): Promise<Paged<PaymentWithRefund>> {
  const where = and(
    eq(staticAccountPayments.staticAccountId, input.staticAccountId),
    eq(staticAccountPayments.merchantId, input.merchantId),
    eq(staticAccountPayments.mode, input.mode),
  );
  const [rows, [total]] = await Promise.all([
    tx
      .select()
      .from(staticAccountPayments)
      .where(where)
      .orderBy(desc(staticAccountPayments.receivedAt), desc(staticAccountPayments.id))
      .limit(input.page_size)
      .offset(pageOffset(input)),
    tx.select({ n: count() }).from(staticAccountPayments).where(where),
  ]);
  const refundRows = rows.length
    ? await tx
        .select()
        .from(refunds)
        .where(inArray(refunds.paymentId, rows.map((r) => r.id)))
        .orderBy(desc(refunds.createdAt), desc(refunds.id))
    : [];
  const newest = new Map<string, Refund>();
  for (const r of refundRows) if (!newest.has(r.paymentId)) newest.set(r.paymentId, r);
  return paged(
    rows.map((payment) => ({ payment, refund: newest.get(payment.id) ?? null })),
    total?.n ?? 0,
    input,
  );
}

/** GET /v1/checkout/static-account/:id/payments: newest first, paged, each with its newest refund. */
export async function listStaticAccountPayments(
  tx: DbOrTx,
  input: { merchantId: string; mode: Mode; id: string } & PagingQuery,
): Promise<Paged<StaticAccountPaymentView>> {
  const account = await getStaticAccountOrThrow(tx, input);
  const page = await pageAccountPayments(tx, { ...input, staticAccountId: account.id });
  return { ...page, items: page.items.map(({ payment, refund }) => toStaticAccountPaymentView(payment, refund)) };
}
