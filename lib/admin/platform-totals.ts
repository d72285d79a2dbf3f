import { and, count, eq, gte, inArray, isNotNull, sql, sum } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { dailyVolume, ledgerAccounts, merchants, MODES, refunds, settlementPayouts, type Mode } from "@/db/schema";
import { lastLagosDays } from "@/lib/lagos-day";

export type ModeTotals = {
  /** Collected over the last 30 Lagos days (today included), every merchant: the daily_volume rollup. */
  volume30d: { amount: number; count: number };
  /** What merchants hold: their wallets and pending settlement (ledger balances, kept with every entry). */
  balancesHeld: number;
  /** Settlement payouts that failed in the last 30 days. */
  failedPayouts: number;
};

export type PlatformTotals = {
  merchants: number;
  suspendedMerchants: number;
  /** Refunds requested and waiting for an admin, either mode. */
  refundsAwaitingReview: number;
  byMode: Record<Mode, ModeTotals>;
};

const WINDOW_MS = 30 * 86_400_000;

/**
 * The admin home's figures across every merchant. Nothing scans payments: volume is the last 30
 * days of the daily_volume rollup (daily_volume_day_idx), balances are ledger account rows,
 * failed payouts and waiting refunds come from their partial indexes.
 */
export async function getPlatformTotals(tx: DbOrTx, opts: { now?: Date } = {}): Promise<PlatformTotals> {
  const now = opts.now ?? new Date();
  const [from] = lastLagosDays(now, 30);
  const since = new Date(now.getTime() - WINDOW_MS);
  const [[m], volume, held, failed, [waiting]] = await Promise.all([
    tx.select({ n: count(), suspended: sql<number>`count(${merchants.suspendedAt})::int` }).from(merchants),
    tx
      .select({ mode: dailyVolume.mode, amount: sum(dailyVolume.amountKobo), n: sum(dailyVolume.count) })
      .from(dailyVolume)
      .where(gte(dailyVolume.day, from!))
      .groupBy(dailyVolume.mode),
    tx
      .select({ mode: ledgerAccounts.mode, balance: sum(ledgerAccounts.balance) })
      .from(ledgerAccounts)
      .where(and(isNotNull(ledgerAccounts.merchantId), inArray(ledgerAccounts.kind, ["wallet", "pending_settlement"])))
      .groupBy(ledgerAccounts.mode),
    tx
      .select({ mode: settlementPayouts.mode, n: count() })
      .from(settlementPayouts)
      .where(and(eq(settlementPayouts.status, "failed"), gte(settlementPayouts.createdAt, since)))
      .groupBy(settlementPayouts.mode),
    tx.select({ n: count() }).from(refunds).where(eq(refunds.status, "requested")),
  ]);
  const byMode = Object.fromEntries(
    MODES.map((mode) => {
      const v = volume.find((r) => r.mode === mode);
      return [
        mode,
        {
          volume30d: { amount: Number(v?.amount ?? 0), count: Number(v?.n ?? 0) },
          balancesHeld: Number(held.find((r) => r.mode === mode)?.balance ?? 0),
          failedPayouts: failed.find((r) => r.mode === mode)?.n ?? 0,
        },
      ];
    }),
  ) as Record<Mode, ModeTotals>;
  return { merchants: m?.n ?? 0, suspendedMerchants: m?.suspended ?? 0, refundsAwaitingReview: waiting?.n ?? 0, byMode };
}
