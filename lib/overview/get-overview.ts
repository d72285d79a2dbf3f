import type { DbOrTx } from "@/db/client";
import type { Mode } from "@/db/schema";
import { getAttention, type Attention } from "./attention";
import { getBalances, type Balances } from "./balances";
import { getCheckoutConversion, getCollections, type Collections, type Conversion } from "./collections";
import { getRecentPayments, type RecentPayment } from "./recent-payments";

export type Overview = { collections: Collections; conversion: Conversion; balances: Balances; attention: Attention; recent: RecentPayment[] };

/**
 * The dashboard home for one merchant and mode. Every figure is read from something kept as it
 * changes (rollups, ledger balances) or from a small index, never by scanning payments.
 */
export async function getOverview(tx: DbOrTx, scope: { merchantId: string; mode: Mode; now?: Date }): Promise<Overview> {
  const [collections, conversion, balances, attention, recent] = await Promise.all([
    getCollections(tx, scope),
    getCheckoutConversion(tx, scope),
    getBalances(tx, scope),
    getAttention(tx, scope),
    getRecentPayments(tx, scope),
  ]);
  return { collections, conversion, balances, attention, recent };
}
