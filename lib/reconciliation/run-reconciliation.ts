import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { reconciliationRuns, type ReconciliationRun } from "@/db/schema";
import {
  claimReconciliationRun,
  completeReconciliationRun,
  failReconciliationRun,
  matchLines,
  recordOwoOnlyLines,
  runTotals,
  saveReconciliationCursor,
  storeLines,
  suggestMatches,
  type LineSource,
  type RunCounts,
} from "@/db/statements/reconciliation";
import { ledgerBalanceByCode } from "@/db/statements/ledger";
import { appError, invalidState, validationError } from "@/lib/errors";
import { lagosDayStart } from "@/lib/lagos-day";
import { railClearingCode } from "@/lib/ledger/accounts";
import { logError } from "@/lib/log";
import { hasStatement, type Rail, type StatementCursor } from "@/lib/rails/rail";
import { railByName } from "@/lib/rails/router";
import { sandboxStatement } from "./sandbox-statement";
import { settleOpenLines } from "./settle-lines";
import { importStatementFile, type StatementFile } from "./statement-file";

/** `npx owo reconcile run --json`'s object (supplement §12): balances in kobo, null when the source has none. */
export type ReconcileSummary = { rail: string; date: string } & RunCounts & { provider_balance: number | null; ledger_balance: number | null };

export type ReconcileRequest = { rail: string; day: string; file?: StatementFile; startedBy?: string | null };

/**
 * Reconciles one rail's Lagos day from one source (supplement §12): the statement's lines are
 * read (the provider's API page by page, the cursor saved after each, so a run that stopped
 * resumes; or an uploaded file, streamed) and stored once; matched in SQL; what stays
 * undecided is settled through the webhook's own roads; Owo's entries with no line are
 * recorded; the run's counts and money are summed from its lines. Running a day again reuses
 * its run and changes nothing already matched or booked. Throws when it cannot run (an unknown
 * or unconfigured rail, an unreachable provider, a bad file); the run is then `failed`.
 */
export async function reconcileDay(db: Db, req: ReconcileRequest): Promise<{ run: ReconciliationRun; summary: ReconcileSummary }> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(req.day) || Number.isNaN(Date.parse(`${req.day}T00:00:00Z`)))
    throw validationError(["date must be a calendar day, YYYY-MM-DD"]);
  const rail = railByName(req.rail);
  if (!rail) throw appError("RAIL_UNAVAILABLE", { message: `The ${req.rail} rail is not configured.` });
  const mode = rail.name === "sandbox" ? "test" : "live";
  const period = { from: lagosDayStart(req.day), to: lagosDayStart(req.day, 1) };
  const fileHash = req.file ? await req.file.sha256() : null;
  const run = await claimRun(db, { rail: rail.name, mode, day: req.day, fileHash, fileName: req.file?.name ?? null, startedBy: req.startedBy ?? null });
  const at: LineSource = { runId: run.id, rail: rail.name, mode, source: req.file ? "file" : "api", fileHash };
  try {
    if (req.file) await importStatementFile(db, at, req.file);
    else await importFromRail(db, at, rail, period, run.cursor ?? { part: "in", page: 1 });
    await matchLines(db, run.id);
    await settleOpenLines(db, run.id, rail);
    await recordOwoOnlyLines(db, { id: run.id, rail: rail.name, mode, from: period.from, to: period.to, source: at.source });
    await suggestMatches(db, run.id);
  } catch (error) {
    await failReconciliationRun(db, run.id, (error as Error).message ?? String(error));
    throw error;
  }
  const { counts, totals } = await runTotals(db, run.id);
  const providerBalance = req.file ? null : await providerBalanceOf(rail);
  const ledgerBalance = await ledgerBalanceOf(db, mode, rail.name);
  const done = await completeReconciliationRun(db, { runId: run.id, counts, totals, providerBalance, ledgerBalance });
  const final = await getRun(db, done!.id);
  return { run: final, summary: { rail: rail.name, date: req.day, ...counts, provider_balance: providerBalance, ledger_balance: ledgerBalance } };
}

export async function getRun(db: Db, id: string): Promise<ReconciliationRun> {
  const [row] = await db.select().from(reconciliationRuns).where(eq(reconciliationRuns.id, id));
  if (!row) throw appError("NOT_FOUND", { message: "No such reconciliation run." });
  return row;
}

async function claimRun(
  db: Db,
  input: { rail: string; mode: string; day: string; fileHash: string | null; fileName: string | null; startedBy: string | null },
): Promise<ReconciliationRun> {
  const row = await claimReconciliationRun(db, input);
  if (!row) throw invalidState("A reconciliation of this rail and day from this source is already running.");
  return getRun(db, row.id);
}

/** The provider's statement, page by page; each page's lines and the next cursor commit together. */
async function importFromRail(db: Db, at: LineSource, rail: Rail, period: { from: Date; to: Date }, start: StatementCursor): Promise<void> {
  if (rail.name === "sandbox") {
    await storeLines(db, at, await sandboxStatement(db, period));
    return;
  }
  if (!hasStatement(rail)) throw appError("RAIL_UNAVAILABLE", { message: `The ${rail.name} rail cannot list its statement.` });
  let cursor: StatementCursor | null = start;
  while (cursor) {
    const page = await rail.statementPage(period, cursor);
    const next: StatementCursor | null = page.next;
    await db.transaction(async (tx) => {
      await storeLines(tx, at, page.lines);
      await saveReconciliationCursor(tx, at.runId, next);
    });
    cursor = next;
  }
}

async function providerBalanceOf(rail: Rail): Promise<number | null> {
  if (!rail.capabilities.balance) return null;
  try {
    return await rail.balance();
  } catch (error) {
    logError("rail balance read failed during reconciliation", { rail: rail.name, error });
    return null;
  }
}

/** What the ledger says the provider holds: the rail's clearing account, sign turned (it goes negative as money arrives). */
async function ledgerBalanceOf(db: Db, mode: "test" | "live", rail: string): Promise<number> {
  const code = rail === "sandbox" ? `platform:${mode}:bank_clearing` : railClearingCode(mode, rail);
  return -Number((await ledgerBalanceByCode(db, code)) ?? 0);
}
