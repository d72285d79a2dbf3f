import { and, eq, isNotNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { railSuspense, transfers, type LineOutcome } from "@/db/schema";
import { decideStatementLine, openProviderLines, type OpenLine } from "@/db/statements/reconciliation";
import { bookRailInbound } from "@/lib/rail-inbound/book-rail-inbound";
import type { Rail } from "@/lib/rails/rail";
import { refreshFromBank } from "@/lib/transfers/submit-to-bank";

type Decision = { outcome: LineOutcome; kind?: string | null; reference?: string | null; detail?: string | null };

/** The transfer status a statement line's status means. */
const TRANSFER_STATUS: Record<string, string> = { success: "completed", failed: "failed", reversed: "reversed", pending: "pending" };

/**
 * The lines matching left undecided, each through the road a webhook takes (supplement §12):
 *
 * - money in that Owo never booked: the provider's API is asked (`verifyInbound`); only when it
 *   confirms the payment, for the line's amount, is it booked through `bookRailInbound` (the
 *   inbound road: the same fees, ledger entries, events; money for no account → suspense,
 *   `unknown_inbound`). What the API does not confirm (a line in an uploaded file, say) is never
 *   booked: `amount_mismatch`, the API's amount beside it.
 * - a payout the provider settled otherwise: the status query (`refreshFromBank`, what a
 *   payout webhook triggers) applies the provider's final status: `status_applied`.
 * - money out that is no payout of Owo's (nor a suspense return): `unexpected_debit`.
 */
export async function settleOpenLines(db: Db, runId: string, rail: Rail): Promise<void> {
  const lines = await openProviderLines(db, runId);
  const returns = lines.some((l) => l.direction === "out" && !l.matched_kind) ? await suspenseReturns(db, rail) : new Map<string, string>();
  for (const line of lines) {
    const decision =
      line.direction === "in"
        ? await settleInbound(db, rail, line)
        : line.matched_kind === "transfer"
          ? await applyStatus(db, line)
          : unexpected(line, returns);
    await decideStatementLine(db, line.id, decision);
  }
}

async function settleInbound(db: Db, rail: Rail, line: OpenLine): Promise<Decision> {
  const inbound = await rail.verifyInbound(line.provider_reference);
  if (!inbound || inbound.status !== "success") {
    return {
      outcome: "amount_mismatch",
      detail: inbound ? `The provider's API reports this payment ${inbound.status}: not booked` : "The provider's API has no such transaction: not booked",
    };
  }
  if (inbound.amount !== line.amount) return { outcome: "amount_mismatch", detail: `The provider's API reports ${inbound.amount} kobo: not booked` };
  const booked = await bookRailInbound(db, { rail: rail.name, inbound });
  if (booked.outcome === "booked")
    return { outcome: "booked", kind: "payment", reference: booked.reference, detail: "Booked through the inbound road (a lost webhook)" };
  if (booked.outcome === "duplicate") return { outcome: "matched", kind: "payment", reference: booked.reference };
  const [held] = await db
    .select({ id: railSuspense.id })
    .from(railSuspense)
    .where(and(eq(railSuspense.rail, rail.name), eq(railSuspense.providerReference, inbound.providerReference)));
  return { outcome: "unknown_inbound", kind: "suspense", reference: held?.id ?? null, detail: booked.detail };
}

async function applyStatus(db: Db, line: OpenLine): Promise<Decision> {
  const [transfer] = await db.select().from(transfers).where(eq(transfers.reference, line.matched_reference!));
  if (!transfer) return { outcome: "unexpected_debit", detail: "The payout it named is gone" };
  const before = transfer.status;
  const after = await refreshFromBank(db, transfer);
  const wanted = TRANSFER_STATUS[line.status];
  if (after.status === wanted) return { outcome: "status_applied", detail: `${before} → ${after.status}` };
  if (line.status === "success") return { outcome: "unexpected_debit", detail: `The provider paid it; Owo holds it ${after.status}` };
  return { outcome: "amount_mismatch", detail: `The provider reports it ${line.status}; its status query leaves it ${after.status} at Owo` };
}

function unexpected(line: OpenLine, returns: Map<string, string>): Decision {
  const suspenseId = returns.get(line.provider_reference);
  if (suspenseId) return { outcome: "matched", kind: "suspense", reference: suspenseId, detail: "Returned to the payer from suspense" };
  return {
    outcome: "unexpected_debit",
    detail:
      line.status === "success" || line.status === "pending"
        ? "Money left the provider that Owo never sent"
        : `A payout Owo never sent (${line.status} at the provider)`,
  };
}

/** The rail's suspense returns by their reference as the provider took it. */
async function suspenseReturns(db: Db, rail: Rail): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: railSuspense.id, reference: railSuspense.returnReference })
    .from(railSuspense)
    .where(and(eq(railSuspense.rail, rail.name), isNotNull(railSuspense.returnReference)));
  return new Map(rows.map((r) => [rail.providerReference(r.reference!), r.id]));
}
