import { and, desc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { refunds, staticAccountPayments, type Mode, type Refund, type StaticAccountPayment } from "@/db/schema";
import { countRows } from "@/lib/lists/counts";
import { type ListShape, type PageRequest, type Paged } from "@/lib/lists/paging";
import { planPage } from "@/lib/lists/page-query";
import { getStaticAccountOrThrow } from "./get-static-account";
import type { PagingQuery } from "./static-account-input";
import { toStaticAccountPaymentView, type StaticAccountPaymentView } from "./static-account-payment-view";

const SHAPE: ListShape = {
  table: staticAccountPayments,
  order: [staticAccountPayments.receivedAt, staticAccountPayments.id],
  cursorColumn: staticAccountPayments.id,
};

export type PaymentWithRefund = { payment: StaticAccountPayment; refund: Refund | null };

/**
 * One page of an account's payments (this merchant and mode), newest first, each with its
 * newest refund (null when none was ever requested): the API's list and the dashboard's.
 */
export async function pageAccountPayments(
  tx: DbOrTx,
  input: { merchantId: string; mode: Mode; staticAccountId: string } & PageRequest,
): Promise<Paged<PaymentWithRefund>> {
  const scope = and(
    eq(staticAccountPayments.staticAccountId, input.staticAccountId),
    eq(staticAccountPayments.merchantId, input.merchantId),
    eq(staticAccountPayments.mode, input.mode),
  )!;
  const plan = await planPage(tx, SHAPE, scope, undefined, input);
  const [rows, total] = await Promise.all([
    tx
      .select()
      .from(staticAccountPayments)
      .where(plan.where)
      .orderBy(...plan.orderBy),
    countRows(tx, staticAccountPayments, scope),
  ]);
  const refundRows = rows.length
    ? await tx
        .select()
        .from(refunds)
        .where(
          inArray(
            refunds.paymentId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(desc(refunds.createdAt), desc(refunds.id))
    : [];
  const newest = new Map<string, Refund>();
  for (const r of refundRows) if (r.paymentId && !newest.has(r.paymentId)) newest.set(r.paymentId, r);
  return plan.finish(
    rows.map((payment) => ({ payment, refund: newest.get(payment.id) ?? null })),
    total,
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
