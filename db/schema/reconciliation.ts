import { sql } from "drizzle-orm";
import { bigint, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { id, MODES } from "./columns";

/** Supplement §12: each provider line has exactly one of these; `missing_at_provider` is an Owo entry with no line. */
export const LINE_OUTCOMES = ["matched", "booked", "unknown_inbound", "status_applied", "missing_at_provider", "amount_mismatch", "unexpected_debit"] as const;
export type LineOutcome = (typeof LINE_OUTCOMES)[number];
/** The outcomes an admin must act on. */
export const EXCEPTION_OUTCOMES = ["missing_at_provider", "amount_mismatch", "unexpected_debit"] as const satisfies readonly LineOutcome[];
export const RUN_STATUSES = ["running", "completed", "failed"] as const;
export const LINE_RESOLUTIONS = ["booked", "assigned", "returned", "explained"] as const;
export type LineResolution = (typeof LINE_RESOLUTIONS)[number];

export type RunTotals = { in: number; out: number; providerFees: number; owoFees: number; margin: number };
export type RunCursor = { part: "in" | "out"; page: number } | null;

/**
 * One reconciliation of a rail's Lagos day from one source (the provider's API, or one uploaded
 * file by its SHA-256): run again, the same row is reused, so a day's re-run adds nothing.
 * `cursor` is the next page of the provider's statement to read (a run that stopped resumes there).
 */
export const reconciliationRuns = pgTable(
  "reconciliation_runs",
  {
    id: id(),
    rail: text().notNull(),
    mode: text({ enum: MODES }).notNull(),
    day: date({ mode: "string" }).notNull(),
    source: text({ enum: ["api", "file"] }).notNull(),
    /** `api`, or `file:<sha256>`. */
    sourceKey: text().notNull(),
    fileName: text(),
    status: text({ enum: RUN_STATUSES }).notNull().default("running"),
    cursor: jsonb().$type<RunCursor>(),
    attempts: integer().notNull().default(0),
    lines: integer().notNull().default(0),
    matched: integer().notNull().default(0),
    booked: integer().notNull().default(0),
    unknownInbound: integer().notNull().default(0),
    statusApplied: integer().notNull().default(0),
    missingAtProvider: integer().notNull().default(0),
    amountMismatch: integer().notNull().default(0),
    unexpectedDebit: integer().notNull().default(0),
    providerBalance: bigint({ mode: "number" }),
    ledgerBalance: bigint({ mode: "number" }),
    totals: jsonb().$type<RunTotals>(),
    error: text(),
    startedBy: text(),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex("reconciliation_runs_source_idx").on(t.rail, t.mode, t.day, t.sourceKey), index("reconciliation_runs_recent_idx").on(t.startedAt)],
);
export type ReconciliationRun = typeof reconciliationRuns.$inferSelect;

/**
 * A normalised statement line (`origin = 'provider'`), or an Owo entry the provider has no line
 * for (`origin = 'owo'`, outcome `missing_at_provider`). Unique per run, origin, direction and
 * provider reference: reading the same day or file again adds nothing.
 */
export const statementLines = pgTable(
  "statement_lines",
  {
    id: id(),
    runId: uuid()
      .notNull()
      .references(() => reconciliationRuns.id),
    rail: text().notNull(),
    mode: text({ enum: MODES }).notNull(),
    origin: text({ enum: ["provider", "owo"] })
      .notNull()
      .default("provider"),
    direction: text({ enum: ["in", "out"] }).notNull(),
    providerReference: text().notNull(),
    owoReference: text(),
    sessionId: text(),
    status: text({ enum: ["success", "pending", "failed", "reversed"] }).notNull(),
    amount: bigint({ mode: "number" }).notNull(),
    fee: bigint({ mode: "number" }),
    valueAt: timestamp({ withTimezone: true }),
    accountNumber: text(),
    accountReference: text(),
    payer: jsonb().$type<{ name: string | null; bank: string | null; account: string | null }>(),
    source: text({ enum: ["api", "file"] }).notNull(),
    fileHash: text(),
    outcome: text({ enum: LINE_OUTCOMES }),
    /** What it matched (or was booked as): `payment`, `transfer`, `suspense`, and its reference. */
    matchedKind: text(),
    matchedReference: text(),
    /** Amount and time within the window: a match a person must confirm. */
    suggestedReference: text(),
    detail: text(),
    resolution: text({ enum: LINE_RESOLUTIONS }),
    resolutionNote: text(),
    resolvedBy: text(),
    resolvedAt: timestamp({ withTimezone: true }),
    /** A money-moving action one admin proposed; another admin confirms it (then it runs). */
    proposedAction: text({ enum: ["book", "assign", "return"] }),
    proposedPayload: jsonb().$type<Record<string, string>>(),
    proposedBy: text(),
    proposedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("statement_lines_run_line_idx").on(t.runId, t.origin, t.direction, t.providerReference),
    // The lines matching has still to decide: few, whatever the size of the run.
    index("statement_lines_undecided_idx")
      .on(t.runId)
      .where(sql`${t.outcome} is null`),
    index("statement_lines_open_idx")
      .on(t.runId)
      .where(sql`${t.outcome} in ('missing_at_provider', 'amount_mismatch', 'unexpected_debit') and ${t.resolution} is null`),
  ],
);
export type StatementLineRow = typeof statementLines.$inferSelect;

/** A bank statement CSV's columns, saved once per source by an operator (header names by field). */
export const statementMappings = pgTable("statement_mappings", {
  source: text().primaryKey(),
  rail: text().notNull(),
  columns: jsonb().$type<Record<string, string>>().notNull(),
  updatedBy: text(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
export type StatementMapping = typeof statementMappings.$inferSelect;
