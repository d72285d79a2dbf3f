import { and, asc, desc, eq, gt } from "drizzle-orm";
import type { Db } from "@/db/client";
import { dailyReconciliationDifferences } from "@/db/statements/reconciliation";
import { reconciliationRuns, statementLines, type ReconciliationRun, type StatementLineRow } from "@/db/schema";
import { koboToNaira } from "@/lib/money";
import { isUuid } from "@/lib/text-patterns";

/** The runs, newest day first (the admin's Reconciliation page). */
export async function listRuns(db: Db, opts: { limit?: number } = {}): Promise<ReconciliationRun[]> {
  return db
    .select()
    .from(reconciliationRuns)
    .orderBy(desc(reconciliationRuns.day), desc(reconciliationRuns.startedAt))
    .limit(opts.limit ?? 60);
}

export async function findRun(db: Db, id: string): Promise<ReconciliationRun | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(reconciliationRuns).where(eq(reconciliationRuns.id, id));
  return row ?? null;
}

/** A run's lines in pages by id (the CSV export streams them, never the whole run in memory). */
export async function* runLineBatches(db: Db, runId: string, batch = 1_000): AsyncGenerator<StatementLineRow[]> {
  let after: string | null = null;
  for (;;) {
    const rows: StatementLineRow[] = await db
      .select()
      .from(statementLines)
      .where(after ? and(eq(statementLines.runId, runId), gt(statementLines.id, after)) : eq(statementLines.runId, runId))
      .orderBy(asc(statementLines.id))
      .limit(batch);
    if (rows.length) yield rows;
    if (rows.length < batch) return;
    after = rows.at(-1)!.id;
  }
}

export const LINE_CSV_HEADER = [
  "origin",
  "direction",
  "provider_reference",
  "owo_reference",
  "session_id",
  "status",
  "amount",
  "fee",
  "value_time",
  "source",
  "outcome",
  "matched",
  "suggested",
  "detail",
  "resolution",
  "note",
];

export const lineCsvRow = (l: StatementLineRow): unknown[] => [
  l.origin,
  l.direction,
  l.providerReference,
  l.owoReference ?? "",
  l.sessionId ?? "",
  l.status,
  koboToNaira(l.amount),
  l.fee === null ? "" : koboToNaira(l.fee),
  l.valueAt?.toISOString() ?? "",
  l.source,
  l.outcome ?? "",
  l.matchedReference ? `${l.matchedKind}:${l.matchedReference}` : "",
  l.suggestedReference ?? "",
  l.detail ?? "",
  l.resolution ?? "",
  l.resolutionNote ?? "",
];

export type DayDifference = { day: string; difference: number | null; exceptions: number };

/**
 * Each of the last `days` Lagos days: the provider's balance less the ledger's over the day's
 * latest completed API runs (null when no run read a balance), and the exceptions they left.
 */
export async function dailyDifferences(db: Db, days: string[]): Promise<DayDifference[]> {
  if (days.length === 0) return [];
  const rows = await dailyReconciliationDifferences(db, { first: days[0]!, last: days.at(-1)! });
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return days.map((day) => {
    const r = byDay.get(day);
    return { day, difference: r?.difference == null ? null : Number(r.difference), exceptions: Number(r?.exceptions ?? 0) };
  });
}
