import { getDb } from "@/db/client";
import { validationError } from "@/lib/errors";
import { reconcileDay } from "@/lib/reconciliation/run-reconciliation";
import { statementFileFromPath } from "@/lib/reconciliation/statement-file";
import { STATEMENT_FORMATS, type StatementFormat } from "@/lib/reconciliation/statement-formats";
import { savedMapping } from "@/lib/reconciliation/statement-mappings";
import { optionalFlag, parseFlags, requireFlag } from "./args";

export const RECONCILE_USAGE = "owo reconcile run --rail R --date YYYY-MM-DD [--file F [--format paystack|monnify|flutterwave|bank] [--source NAME]]";

/**
 * `owo reconcile run` (supplement §12): one object `{rail, date, lines, matched, booked,
 * unknown_inbound, status_applied, missing_at_provider, amount_mismatch, unexpected_debit,
 * provider_balance, ledger_balance}`. A completed run exits 0 whatever it found; a run that
 * could not run (the rail unreachable, a bad file) throws, and the CLI exits non-zero.
 */
export async function reconcileRun(argv: string[]): Promise<Record<string, unknown>> {
  const f = parseFlags(argv, { rail: "string", date: "string", file: "string", format: "string", source: "string" });
  const rail = requireFlag(f, "rail");
  const day = requireFlag(f, "date");
  const path = optionalFlag(f, "file");
  const db = await getDb();
  if (!path) return (await reconcileDay(db, { rail, day, startedBy: "cli" })).summary;
  const format = (optionalFlag(f, "format") ?? (STATEMENT_FORMATS.includes(rail as StatementFormat) ? rail : "bank")) as StatementFormat;
  if (!STATEMENT_FORMATS.includes(format)) throw validationError([`--format must be one of ${STATEMENT_FORMATS.join(", ")}`]);
  const source = optionalFlag(f, "source");
  const mapping = format === "bank" ? await savedMapping(db, source ?? rail) : undefined;
  return (await reconcileDay(db, { rail, day, file: statementFileFromPath(path, format, mapping ?? undefined), startedBy: "cli" })).summary;
}
