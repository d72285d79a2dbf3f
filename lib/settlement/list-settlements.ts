import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { BATCH_STATUSES, PAYOUT_STATUSES, settlementBatches, settlementPayouts, type Mode } from "@/db/schema";
import { paged, pageOffset, type Paged, type Paging } from "@/lib/lists/paging";

export type SettlementBatch = typeof settlementBatches.$inferSelect;
export type SettlementPayout = typeof settlementPayouts.$inferSelect;

type ListInput = { merchantId: string; mode: Mode; page?: number; pageSize?: number };

const paging = (input: ListInput): Paging => ({
  page: Math.max(1, Math.floor(input.page ?? 1)),
  page_size: Math.min(100, Math.max(1, Math.floor(input.pageSize ?? 20))),
});

/** A merchant's settlement batches in one mode, newest first (optionally of one status). */
export async function listBatches(tx: DbOrTx, input: ListInput & { status?: (typeof BATCH_STATUSES)[number] }): Promise<Paged<SettlementBatch>> {
  const p = paging(input);
  const where: SQL | undefined = and(
    eq(settlementBatches.merchantId, input.merchantId),
    eq(settlementBatches.mode, input.mode),
    input.status ? eq(settlementBatches.status, input.status) : undefined,
  );
  const [items, [total]] = await Promise.all([
    tx
      .select()
      .from(settlementBatches)
      .where(where)
      .orderBy(desc(settlementBatches.createdAt), desc(settlementBatches.id))
      .limit(p.page_size)
      .offset(pageOffset(p)),
    tx.select({ n: count() }).from(settlementBatches).where(where),
  ]);
  return paged(items, total?.n ?? 0, p);
}

/** A merchant's payout attempts in one mode, newest first; `batchId` narrows to one batch's attempts. */
export async function listPayouts(
  tx: DbOrTx,
  input: ListInput & { batchId?: string; status?: (typeof PAYOUT_STATUSES)[number] },
): Promise<Paged<SettlementPayout>> {
  const p = paging(input);
  const where: SQL | undefined = and(
    eq(settlementPayouts.merchantId, input.merchantId),
    eq(settlementPayouts.mode, input.mode),
    input.batchId ? eq(settlementPayouts.batchId, input.batchId) : undefined,
    input.status ? eq(settlementPayouts.status, input.status) : undefined,
  );
  const [items, [total]] = await Promise.all([
    tx
      .select()
      .from(settlementPayouts)
      .where(where)
      .orderBy(desc(settlementPayouts.createdAt), desc(settlementPayouts.attempt))
      .limit(p.page_size)
      .offset(pageOffset(p)),
    tx.select({ n: count() }).from(settlementPayouts).where(where),
  ]);
  return paged(items, total?.n ?? 0, p);
}
