import { and, eq, gte, sum } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { dailySessions, dailyVolume, type Mode } from "@/db/schema";
import { lastLagosDays } from "@/lib/lagos-day";

type Scope = { merchantId: string; mode: Mode };

export type DayVolume = { day: string; amount: number; count: number };
export type Totals = { amount: number; count: number };
export type Collections = { days: DayVolume[]; today: Totals; last7: Totals; last30: Totals };

const total = (days: DayVolume[]): Totals => days.reduce((t, d) => ({ amount: t.amount + d.amount, count: t.count + d.count }), { amount: 0, count: 0 });

/**
 * Collected volume for the last 30 Lagos days (today included), one entry a day, zero-filled:
 * at most 30 rows of the daily_volume rollup, read by its primary key, whatever the merchant's size.
 */
export async function getCollections(tx: DbOrTx, scope: Scope & { now?: Date }): Promise<Collections> {
  const days = lastLagosDays(scope.now ?? new Date(), 30);
  const rows = await tx
    .select({ day: dailyVolume.day, amount: dailyVolume.amountKobo, count: dailyVolume.count })
    .from(dailyVolume)
    .where(and(eq(dailyVolume.merchantId, scope.merchantId), eq(dailyVolume.mode, scope.mode), gte(dailyVolume.day, days[0]!)));
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const series = days.map((day) => ({ day, amount: Number(byDay.get(day)?.amount ?? 0), count: byDay.get(day)?.count ?? 0 }));
  return { days: series, today: total(series.slice(-1)), last7: total(series.slice(-7)), last30: total(series) };
}

export type Conversion = { started: number; completed: number; rate: number | null };

/** Checkout conversion over the last 30 Lagos days: sessions completed / sessions started, from the daily_sessions rollup. */
export async function getCheckoutConversion(tx: DbOrTx, scope: Scope & { now?: Date }): Promise<Conversion> {
  const [from] = lastLagosDays(scope.now ?? new Date(), 30);
  const [row] = await tx
    .select({ started: sum(dailySessions.started), completed: sum(dailySessions.completed) })
    .from(dailySessions)
    .where(and(eq(dailySessions.merchantId, scope.merchantId), eq(dailySessions.mode, scope.mode), gte(dailySessions.day, from!)));
  const started = Number(row?.started ?? 0);
  const completed = Number(row?.completed ?? 0);
  return { started, completed, rate: started > 0 ? completed / started : null };
}
