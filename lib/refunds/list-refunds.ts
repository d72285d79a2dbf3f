import { and, eq, isNotNull } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { refunds, type Mode, type Refund } from "@/db/schema";
import { countRows } from "@/lib/lists/counts";
import { type ListShape, type Paged } from "@/lib/lists/paging";
import { planPage } from "@/lib/lists/page-query";
import { refundNotFound } from "./refund-errors";
import type { ListRefundsQuery } from "./refund-input";

/** The status values, for the pages' filters (app/ does not import db/). */
export { REFUND_STATUSES } from "@/db/schema";

const SHAPE: ListShape = { table: refunds, order: [refunds.createdAt, refunds.id], cursorColumn: refunds.id };

/**
 * The merchant's refunds in this mode, newest first: GET /v1/checkout/static-account/refunds
 * (`staticOnly`: static-account payments' refunds, as api.md has them) and GET
 * /v1/checkout/refunds (every channel, supplement §10).
 */
export async function listRefunds(tx: DbOrTx, input: { merchantId: string; mode: Mode; staticOnly?: boolean } & ListRefundsQuery): Promise<Paged<Refund>> {
  const scope = and(eq(refunds.merchantId, input.merchantId), eq(refunds.mode, input.mode), input.staticOnly ? isNotNull(refunds.staticAccountId) : undefined)!;
  const filter = input.status ? eq(refunds.status, input.status) : undefined;
  const plan = await planPage(tx, SHAPE, scope, filter, input);
  const [rows, total] = await Promise.all([
    tx
      .select()
      .from(refunds)
      .where(plan.where)
      .orderBy(...plan.orderBy),
    countRows(tx, refunds, and(scope, filter)),
  ]);
  return plan.finish(rows, total);
}

/** One refund of this merchant and mode (`staticOnly`: of a static-account payment); anyone else's is NOT_FOUND. */
export async function getRefundOrThrow(tx: DbOrTx, input: { merchantId: string; mode: Mode; refundId: string; staticOnly?: boolean }): Promise<Refund> {
  const [row] = await tx
    .select()
    .from(refunds)
    .where(
      and(
        eq(refunds.id, input.refundId),
        eq(refunds.merchantId, input.merchantId),
        eq(refunds.mode, input.mode),
        input.staticOnly ? isNotNull(refunds.staticAccountId) : undefined,
      ),
    );
  if (!row) throw refundNotFound();
  return row;
}
