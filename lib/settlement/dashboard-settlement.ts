import { and, count, desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { DbOrTx } from "@/db/client";
import { settlementBatches, settlementPayouts, settlementSettings, type Mode } from "@/db/schema";
import { flattenSearch, type Paged } from "@/lib/static-accounts/dashboard-queries";

/** Read-only queries behind the dashboard's Settlements page, scoped to one merchant and mode. */

export const DashboardSettlementQuery = z.object({
  page: z.coerce.number().int().min(1).catch(1),
  payouts_page: z.coerce.number().int().min(1).catch(1),
});
export const parseSettlementSearch = (search: Record<string, string | string[] | undefined>) => DashboardSettlementQuery.parse(flattenSearch(search));

export type DashboardBatch = typeof settlementBatches.$inferSelect;
export type DashboardPayout = typeof settlementPayouts.$inferSelect & { cutoffAt: Date };

const PAGE_SIZE = 20;

export async function listDashboardBatches(tx: DbOrTx, input: { merchantId: string; mode: Mode; page: number; page_size?: number }): Promise<Paged<DashboardBatch>> {
  const size = input.page_size ?? PAGE_SIZE;
  const where = and(eq(settlementBatches.merchantId, input.merchantId), eq(settlementBatches.mode, input.mode));
  const [items, [total]] = await Promise.all([
    tx.select().from(settlementBatches).where(where).orderBy(desc(settlementBatches.createdAt), desc(settlementBatches.id)).limit(size).offset((input.page - 1) * size),
    tx.select({ n: count() }).from(settlementBatches).where(where),
  ]);
  const n = total?.n ?? 0;
  return { items, total: n, page: input.page, page_size: size, total_pages: Math.ceil(n / size) };
}

export async function listDashboardPayouts(tx: DbOrTx, input: { merchantId: string; mode: Mode; page: number; page_size?: number }): Promise<Paged<DashboardPayout>> {
  const size = input.page_size ?? PAGE_SIZE;
  const where = and(eq(settlementPayouts.merchantId, input.merchantId), eq(settlementPayouts.mode, input.mode));
  const [rows, [total]] = await Promise.all([
    tx
      .select({ payout: settlementPayouts, cutoffAt: settlementBatches.cutoffAt })
      .from(settlementPayouts)
      .innerJoin(settlementBatches, eq(settlementBatches.id, settlementPayouts.batchId))
      .where(where)
      .orderBy(desc(settlementPayouts.createdAt), desc(settlementPayouts.id))
      .limit(size)
      .offset((input.page - 1) * size),
    tx.select({ n: count() }).from(settlementPayouts).where(where),
  ]);
  const n = total?.n ?? 0;
  return { items: rows.map((r) => ({ ...r.payout, cutoffAt: r.cutoffAt })), total: n, page: input.page, page_size: size, total_pages: Math.ceil(n / size) };
}

export type DashboardSettlementDestination =
  | { destination: "wallet" }
  | { destination: "bank_account"; bankCode: string | null; accountNumber: string | null; accountName: string | null };

/** The destination as stored; no row yet means the default, the wallet. */
export async function getDashboardSettlementDestination(tx: DbOrTx, input: { merchantId: string; mode: Mode }): Promise<DashboardSettlementDestination> {
  const [row] = await tx
    .select()
    .from(settlementSettings)
    .where(and(eq(settlementSettings.merchantId, input.merchantId), eq(settlementSettings.mode, input.mode)))
    .limit(1);
  if (!row || row.destination === "wallet") return { destination: "wallet" };
  return { destination: "bank_account", bankCode: row.bankCode, accountNumber: row.accountNumber, accountName: row.accountName };
}
