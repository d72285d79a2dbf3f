import { and, count, desc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { refunds, type Mode, type Refund } from "@/db/schema";
import { paged, pageOffset, type Paged } from "@/lib/paging";
import { refundNotFound } from "./refund-errors";
import type { ListRefundsQuery } from "./refund-input";

/** The status values, for the pages' filters (app/ does not import db/). */
export { REFUND_STATUSES } from "@/db/schema";

/** GET /v1/checkout/static-account/refunds: the merchant's refunds in this mode, newest first. */
export async function listRefunds(tx: DbOrTx, input: { merchantId: string; mode: Mode } & ListRefundsQuery): Promise<Paged<Refund>> {
  const where = and(eq(refunds.merchantId, input.merchantId), eq(refunds.mode, input.mode), input.status ? eq(refunds.status, input.status) : undefined);
  const [rows, [total]] = await Promise.all([
    tx
      .select()
      .from(refunds)
      .where(where)
      .orderBy(desc(refunds.createdAt), desc(refunds.id))
      .limit(input.page_size)
      .offset(pageOffset(input)),
    tx.select({ n: count() }).from(refunds).where(where),
  ]);
  return paged(rows, total?.n ?? 0, input);
}

/** One refund of this merchant and mode; anyone else's is NOT_FOUND. */
export async function getRefundOrThrow(tx: DbOrTx, input: { merchantId: string; mode: Mode; refundId: string }): Promise<Refund> {
  const [row] = await tx
    .select()
    .from(refunds)
    .where(and(eq(refunds.id, input.refundId), eq(refunds.merchantId, input.merchantId), eq(refunds.mode, input.mode)));
  if (!row) throw refundNotFound();
  return row;
}
