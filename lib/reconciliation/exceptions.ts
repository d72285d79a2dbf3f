import { and, asc, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { railSuspense, statementLines, type LineResolution, type StatementLineRow } from "@/db/schema";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { findBank } from "@/lib/bank/nigerian-banks";
import { appError, invalidState, validationError } from "@/lib/errors";
import { bookRailInbound } from "@/lib/rail-inbound/book-rail-inbound";
import { assignSuspense, returnSuspense } from "@/lib/rail-inbound/suspense";
import { railByName } from "@/lib/rails/router";
import { isUuid } from "@/lib/text-patterns";

export type MoneyAction = "book" | "assign" | "return";
export type QueueItem = StatementLineRow & { suspenseStatus: string | null; actions: (MoneyAction | "explain")[] };

const notFound = () => appError("NOT_FOUND", { message: "No such statement line." });

/**
 * The exceptions queue (supplement §12): a run's lines an admin must act on and has not —
 * `missing_at_provider`, `amount_mismatch`, `unexpected_debit` — and money it put in suspense
 * that is still there (`unknown_inbound`, open). Each with the actions that fit it.
 */
export async function exceptionQueue(db: Db, runId: string, opts: { limit?: number } = {}): Promise<QueueItem[]> {
  if (!isUuid(runId)) return [];
  const rows = await db
    .select({ line: statementLines, suspenseStatus: railSuspense.status })
    .from(statementLines)
    .leftJoin(railSuspense, and(eq(statementLines.matchedKind, "suspense"), sql`${railSuspense.id}::text = ${statementLines.matchedReference}`))
    .where(
      and(
        eq(statementLines.runId, runId),
        isNull(statementLines.resolution),
        or(
          inArray(statementLines.outcome, ["missing_at_provider", "amount_mismatch", "unexpected_debit"]),
          and(eq(statementLines.outcome, "unknown_inbound"), eq(railSuspense.status, "open")),
        ),
      ),
    )
    .orderBy(desc(sql`${statementLines.outcome} = 'unknown_inbound'`), asc(statementLines.createdAt), asc(statementLines.id))
    .limit(opts.limit ?? 200);
  return rows.map(({ line, suspenseStatus }) => ({ ...line, suspenseStatus, actions: actionsFor(line, suspenseStatus) }));
}

/** What an admin may do with a line: money held in suspense is assigned or returned; money in the provider says it has is booked; anything is explained. */
export function actionsFor(line: StatementLineRow, suspenseStatus: string | null): (MoneyAction | "explain")[] {
  if (line.outcome === "unknown_inbound" && suspenseStatus === "open") return ["assign", "return", "explain"];
  // Money in that Owo has no record of (the provider's API did not confirm it at the run): booking asks the API again.
  if (line.origin === "provider" && line.direction === "in" && line.outcome === "amount_mismatch" && !line.matchedKind) return ["book", "explain"];
  return ["explain"];
}

async function openLine(db: Db, id: string): Promise<StatementLineRow & { suspenseStatus: string | null }> {
  if (!isUuid(id)) throw notFound();
  const [row] = await db
    .select({ line: statementLines, suspenseStatus: railSuspense.status })
    .from(statementLines)
    .leftJoin(railSuspense, and(eq(statementLines.matchedKind, "suspense"), sql`${railSuspense.id}::text = ${statementLines.matchedReference}`))
    .where(eq(statementLines.id, id));
  if (!row) throw notFound();
  if (row.line.resolution) throw invalidState(`This line was already ${row.line.resolution}.`);
  return { ...row.line, suspenseStatus: row.suspenseStatus };
}

/** An admin explains a line with a note: resolved, no money moves; audited. */
export async function explainLine(db: Db, input: { id: string; note: string; actor: Actor }): Promise<StatementLineRow> {
  const note = input.note.trim();
  if (!note) throw validationError(["note: say what explains this line"]);
  if (note.length > 1000) throw validationError(["note: at most 1,000 characters"]);
  const line = await openLine(db, input.id);
  return resolve(db, line, { resolution: "explained", note, actor: input.actor, changes: { note: { to: note } } });
}

/**
 * One admin proposes a money-moving action (book, assign to a merchant, return to the payer);
 * it runs only when another admin confirms it (`confirmAction`). Audited.
 */
export async function proposeAction(
  db: Db,
  input: { id: string; action: MoneyAction; payload?: Record<string, string>; actor: Actor },
): Promise<StatementLineRow> {
  const line = await openLine(db, input.id);
  if (!actionsFor(line, line.suspenseStatus).includes(input.action)) throw invalidState(`This line cannot be ${pastTense(input.action)}.`);
  const payload = checkPayload(input.action, input.payload ?? {});
  if (!input.actor.userId) throw invalidState("Only a signed-in admin can propose an action.");
  const [updated] = await db
    .update(statementLines)
    .set({ proposedAction: input.action, proposedPayload: payload, proposedBy: input.actor.userId, proposedAt: new Date() })
    .where(and(eq(statementLines.id, line.id), isNull(statementLines.resolution)))
    .returning();
  await recordAudit(db, {
    merchantId: null,
    actor: input.actor,
    action: "reconciliation.action_proposed",
    targetType: "statement_line",
    targetId: line.id,
    changes: { action: { to: input.action }, ...payloadChanges(payload) },
  });
  return updated!;
}

/**
 * A second admin confirms a proposed action, and it runs through the road it always takes:
 * booking asks the provider's API again and books only what it confirms (the inbound road);
 * assign and return are the suspense commands. The proposer cannot confirm. Audited.
 */
export async function confirmAction(db: Db, input: { id: string; actor: Actor }): Promise<StatementLineRow> {
  const line = await openLine(db, input.id);
  if (!line.proposedAction || !line.proposedBy) throw invalidState("No action waits for a confirmation on this line.");
  if (!input.actor.userId || input.actor.userId === line.proposedBy) throw invalidState("Another admin must confirm this: you proposed it.");
  const payload = line.proposedPayload ?? {};
  const changes = { action: { to: line.proposedAction }, proposed_by: { to: line.proposedBy }, ...payloadChanges(payload) };
  if (line.proposedAction === "book") {
    const rail = railByName(line.rail);
    if (!rail) throw appError("RAIL_UNAVAILABLE", { message: `The ${line.rail} rail is not configured.` });
    const inbound = await rail.verifyInbound(line.providerReference);
    if (!inbound || inbound.status !== "success") throw invalidState("The provider's API does not confirm this payment: it cannot be booked.");
    const booked = await bookRailInbound(db, { rail: rail.name, inbound });
    return resolve(db, line, {
      resolution: "booked",
      actor: input.actor,
      changes: { ...changes, booked: { to: booked.reference ?? booked.detail } },
      matched: booked.reference ?? null,
    });
  }
  const suspenseId = line.matchedReference!;
  if (line.proposedAction === "assign") {
    const row = await assignSuspense(db, { id: suspenseId, merchantId: payload.merchantId!, actor: input.actor, note: `Reconciliation ${line.runId}` });
    return resolve(db, line, { resolution: "assigned", actor: input.actor, changes: { ...changes, payment: { to: row.paymentReference } } });
  }
  const row = await returnSuspense(db, {
    id: suspenseId,
    bankCode: payload.bankCode!,
    accountNumber: payload.accountNumber!,
    accountName: payload.accountName!,
    actor: input.actor,
    note: `Reconciliation ${line.runId}`,
  });
  return resolve(db, line, { resolution: "returned", actor: input.actor, changes: { ...changes, payout: { to: row.returnReference } } });
}

function checkPayload(action: MoneyAction, p: Record<string, string>): Record<string, string> {
  if (action === "book") return {};
  if (action === "assign") {
    if (!isUuid(p.merchantId ?? "")) throw validationError(["merchantId: choose a merchant"]);
    return { merchantId: p.merchantId! };
  }
  const problems: string[] = [];
  if (!findBank(p.bankCode ?? "")) problems.push("bankCode: choose the payer's bank");
  if (!/^\d{10}$/.test(p.accountNumber ?? "")) problems.push("accountNumber: 10 digits");
  if (!p.accountName?.trim()) problems.push("accountName: the name on the account");
  if (problems.length) throw validationError(problems);
  return { bankCode: p.bankCode!, accountNumber: p.accountNumber!, accountName: p.accountName!.trim() };
}

const payloadChanges = (p: Record<string, string>) => Object.fromEntries(Object.entries(p).map(([k, v]) => [k, { to: v }]));
const pastTense = (a: MoneyAction) => (a === "book" ? "booked" : a === "assign" ? "assigned" : "returned");

async function resolve(
  db: Db,
  line: StatementLineRow,
  r: { resolution: LineResolution; note?: string; actor: Actor; changes: Record<string, { from?: unknown; to?: unknown }>; matched?: string | null },
): Promise<StatementLineRow> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(statementLines)
      .set({
        resolution: r.resolution,
        resolutionNote: r.note ?? line.resolutionNote,
        resolvedBy: r.actor.userId ?? r.actor.type,
        resolvedAt: new Date(),
        ...(r.matched ? { matchedKind: "payment", matchedReference: r.matched } : {}),
      })
      .where(and(eq(statementLines.id, line.id), isNull(statementLines.resolution)))
      .returning();
    if (!updated) throw invalidState("This line was already resolved.");
    await recordAudit(tx, {
      merchantId: null,
      actor: r.actor,
      action: `reconciliation.${r.resolution}`,
      targetType: "statement_line",
      targetId: line.id,
      changes: { resolution: { from: null, to: r.resolution }, ...r.changes },
    });
    return updated;
  });
}
