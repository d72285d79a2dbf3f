import { and, count, desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { DbOrTx } from "@/db/client";
import { settlementBatches, settlementPayouts, type Mode } from "@/db/schema";
import { flattenSearch, paged, pageOffset, type Paged } from "@/lib/lists/paging";
import { listBatches } from "./list-settlements";
import { findSettlementSettings } from "./settlement-settings";

/** Read-only queries behind the dashboard's Settlements page, scoped to one merchant and mode. */

export const DashboardSettlementQuery = z.object({
  page: z.coerce.number().int().min(1).catch(1),
  payouts_page: z.coerce.number().int().min(1).catch(1),
});
export const parseSettlementSearch = (search: Record<string, string | string[] | undefined>) => DashboardSettlementQuery.parse(flattenSearch(search));

export type DashboardBatch = typeof settlementBatches.$inferSelect;
export type DashboardPayout = typeof settlementPayouts.$inferSelect & { cutoffAt: Date };

const PAGE_SIZE = 20;

/** The merchant's batches, newest first: the settlement side's own list. */
export function listDashboardBatches(tx: DbOrTx, input: { merchantId: string; mode: Mode; page: number; page_size?: number }): Promise<Paged<DashboardBatch>> {
  return listBatches(tx, { merchantId: input.merchantId, mode: input.mode, page: input.page, pageSize: input.page_size ?? PAGE_SIZE });
}

export async function listDashboardPayouts(
  tx: DbOrTx,
  input: { merchantId: string; mode: Mode; page: number; page_size?: number },
): Promise<Paged<DashboardPayout>> {
  const paging = { page: input.page, page_size: input.page_size ?? PAGE_SIZE };
  const where = and(eq(settlementPayouts.merchantId, input.merchantId), eq(settlementPayouts.mode, input.mode));
  const [rows, [total]] = await Promise.all([
    tx
      .select({ payout: settlementPayouts, cutoffAt: settlementBatches.cutoffAt })
      .from(settlementPayouts)
      .innerJoin(settlementBatches, eq(settlementBatches.id, settlementPayouts.batchId))
      .where(where)
      .orderBy(desc(settlementPayouts.createdAt), desc(settlementPayouts.id))
      .limit(paging.page_size)
      .offset(pageOffset(paging)),
    tx.select({ n: count() }).from(settlementPayouts).where(where),
  ]);
  return paged(
    rows.map((r) => ({ ...r.payout, cutoffAt: r.cutoffAt })),
    total?.n ?? 0,
    paging,
  );
}

export type DashboardSettlementDestination =
  { destination: "wallet" } | { destination: "bank_account"; bankCode: string | null; accountNumber: string | null; accountName: string | null };

/** The destination as stored; no row yet means the default, the wallet. */
export async function getDashboardSettlementDestination(tx: DbOrTx, input: { merchantId: string; mode: Mode }): Promise<DashboardSettlementDestination> {
  const row = await findSettlementSettings(tx, input);
  if (!row || row.destination === "wallet") return { destination: "wallet" };
  return { destination: "bank_account", bankCode: row.bankCode, accountNumber: row.accountNumber, accountName: row.accountName };
}
