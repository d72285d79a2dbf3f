import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { BATCH_STATUSES, PAYOUT_STATUSES, settlementBatches, settlementPayouts, type Mode } from "@/db/schema";

export type SettlementBatch = typeof settlementBatches.$inferSelect;
export type SettlementPayout = typeof settlementPayouts.$inferSelect;
export type Page<T> = { items: T[]; total: number; page: number; page_size: number; total_pages: number };

type ListInput = { merchantId: string; mode: Mode; page?: number; pageSize?: number };

const paging = (input: ListInput) => {
  const page = Math.max(1, Math.floor(input.page ?? 1));
  const size = Math.min(100, Math.max(1, Math.floor(input.pageSize ?? 20)));
  return { page, size, offset: (page - 1) * size };
};

/** A merchant's settlement batches in one mode, newest first (optionally of one status). */
export async function listBatches(tx: DbOrTx, input: ListInput & { status?: (typeof BATCH_STATUSES)[number] }): Promise<Page<SettlementBatch>> {
  const { page, size, offset } = paging(input);
  const where: SQL | undefined = and(
    eq(settlementBatches.merchantId, input.merchantId),
    eq(settlementBatches.mode, input.mode),
    input.status ? eq(settlementBatches.status, input.status) : undefined,
  );
  const [items, [total]] = await Promise.all([
    tx.select().from(settlementBatches).where(where).orderBy(desc(settlementBatches.createdAt), desc(settlementBatches.id)).limit(size).offset(offset),
    tx.select({ n: count() }).from(settlementBatches).where(where),
  ]);
  const n = total?.n ?? 0;
  return { items, total: n, page, page_size: size, total_pages: Math.ceil(n / size) };
}

/** A merchant's payout attempts in one mode, newest first; `batchId` narrows to one batch's attempts. */
export async function listPayouts(
  tx: DbOrTx,
  input: ListInput & { batchId?: string; status?: (typeof PAYOUT_STATUSES)[number] },
): Promise<Page<SettlementPayout>> {
  const { page, size, offset } = paging(input);
  const where: SQL | undefined = and(
    eq(settlementPayouts.merchantId, input.merchantId),
    eq(settlementPayouts.mode, input.mode),
    input.batchId ? eq(settlementPayouts.batchId, input.batchId) : undefined,
    input.status ? eq(settlementPayouts.status, input.status) : undefined,
  );
  const [items, [total]] = await Promise.all([
    tx.select().from(settlementPayouts).where(where).orderBy(desc(settlementPayouts.createdAt), desc(settlementPayouts.attempt)).limit(size).offset(offset),
    tx.select({ n: count() }).from(settlementPayouts).where(where),
  ]);
  const n = total?.n ?? 0;
  return { items, total: n, page, page_size: size, total_pages: Math.ceil(n / size) };
}
