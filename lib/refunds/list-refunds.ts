import { and, count, desc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { refunds, type Mode, type Refund } from "@/db/schema";
import { refundNotFound } from "./refund-errors";
import type { ListRefundsQuery } from "./refund-input";

export type RefundPage = { items: Refund[]; total: number; page: number; page_size: number; total_pages: number };

/** GET /v1/checkout/static-account/refunds: the merchant's refunds in this mode, newest first. */
export async function listRefunds(tx: DbOrTx, input: { merchantId: string; mode: Mode } & ListRefundsQuery): Promise<RefundPage> {
  const where = and(eq(refunds.merchantId, input.merchantId), eq(refunds.mode, input.mode), input.status ? eq(refunds.status, input.status) : undefined);
  const [rows, [total]] = await Promise.all([
    tx
      .select()
      .from(refunds)
      .where(where)
      .orderBy(desc(refunds.createdAt), desc(refunds.id))
      .limit(input.page_size)
      .offset((input.page - 1) * input.page_size),
    tx.select({ n: count() }).from(refunds).where(where),
  ]);
  const n = total?.n ?? 0;
  return { items: rows, total: n, page: input.page, page_size: input.page_size, total_pages: Math.ceil(n / input.page_size) };
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
