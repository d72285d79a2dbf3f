import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { refunds, transfers, type RailWebhookOutcome } from "@/db/schema";
import { claimDueRailWebhooks, claimRailWebhook, finishRailWebhook, postponeRailWebhook, type ClaimedRailWebhook } from "@/db/statements/rail-webhooks";
import { logError } from "@/lib/log";
import type { RailNotice } from "@/lib/rails/rail";
import { railByName } from "@/lib/rails/router";
import { isUuid } from "@/lib/text-patterns";
import { processRefund } from "@/lib/refunds/approve-refund";
import { refreshFromBank } from "@/lib/transfers/submit-to-bank";
import { bookRailInbound } from "./book-rail-inbound";

/** How long a claimed delivery is someone else's (a crash mid-processing frees it then). */
const LEASE_SECONDS = 60;
/** A delivery the provider's API cannot confirm yet (pending, unreachable) is asked again, backing off, this many times. */
const MAX_ATTEMPTS = 12;

type Claimed = ClaimedRailWebhook;

/**
 * Processes one stored delivery, if it is due and not taken: claims it under a lease, asks
 * the provider's API, books through the inbound road (or applies a payout's status), and
 * records the outcome. Safe to call from several places at once (after the answer, the
 * scheduler): the claim lets one through.
 */
export async function processRailWebhook(db: Db, id: string): Promise<RailWebhookOutcome | null> {
  const claimed = await claimRailWebhook(db, { id, leaseSeconds: LEASE_SECONDS });
  return claimed ? processClaimed(db, claimed) : null;
}

/** Scheduler job: every stored delivery still unprocessed and due (a crash, an unreachable API). */
export async function processDueRailWebhooks(db: Db, opts: { limit?: number } = {}): Promise<number> {
  const rows = await claimDueRailWebhooks(db, { limit: opts.limit ?? 50, leaseSeconds: LEASE_SECONDS });
  for (const row of rows) await processClaimed(db, row);
  return rows.length;
}

async function processClaimed(db: Db, row: Claimed): Promise<RailWebhookOutcome | null> {
  const rail = railByName(row.rail);
  try {
    if (!rail) throw new Error(`rail ${row.rail} is no longer configured`);
    let notice: RailNotice;
    try {
      notice = rail.parseNotice(row.body);
    } catch {
      return finish(db, row.id, "ignored", "Not a notice Owo knows");
    }
    if (notice.kind === "ignored") return finish(db, row.id, "ignored", notice.reason);
    if (notice.kind === "transfer") return finish(db, row.id, ...(await applyTransferNotice(db, rail.name, notice.reference)));
    const inbound = await rail.verifyInbound(notice.lookup);
    if (!inbound || inbound.status === "failed")
      return finish(db, row.id, "not_confirmed", inbound ? "The provider reports the payment failed" : "The provider has no such transaction");
    if (inbound.status === "pending") {
      if (row.attempts >= MAX_ATTEMPTS) return finish(db, row.id, "not_confirmed", "The provider still reports the payment pending");
      return later(db, row, "The provider reports the payment pending");
    }
    const booked = await bookRailInbound(db, { rail: rail.name, inbound });
    return finish(db, row.id, booked.outcome, booked.detail);
  } catch (error) {
    logError("rail webhook processing failed; retried later", { rail: row.rail, id: row.id, error });
    if (row.attempts >= MAX_ATTEMPTS) return finish(db, row.id, "failed", (error as Error).message ?? String(error));
    return later(db, row, (error as Error).message ?? String(error));
  }
}

/**
 * A payout notice: the transfer (or refund paid as a payout) with that reference at that rail
 * is asked about through the rail's status query, never moved on the notice's word.
 */
async function applyTransferNotice(db: Db, rail: string, railReference: string): Promise<[RailWebhookOutcome, string]> {
  const [transfer] = await db
    .select()
    .from(transfers)
    .where(and(eq(transfers.rail, rail), eq(transfers.railReference, railReference)));
  if (transfer) {
    const after = await refreshFromBank(db, transfer);
    return ["transfer_updated", `Transfer ${after.reference}: ${after.status}`];
  }
  const refundId = isUuid(railReference) ? railReference : null;
  const [refund] = refundId ? await db.select().from(refunds).where(eq(refunds.id, refundId)) : [];
  if (refund) {
    const after = await processRefund(db, { refundId: refund.id });
    return ["transfer_updated", `Refund ${after.id}: ${after.status}`];
  }
  return ["ignored", `No payout ${railReference} at ${rail}`];
}

async function finish(db: Db, id: string, outcome: RailWebhookOutcome, detail: string | null): Promise<RailWebhookOutcome> {
  await finishRailWebhook(db, { id, outcome, detail });
  return outcome;
}

async function later(db: Db, row: Claimed, detail: string): Promise<null> {
  const seconds = Math.min(3600, 15 * 2 ** Math.min(row.attempts, 8));
  await postponeRailWebhook(db, { id: row.id, detail, seconds });
  return null;
}
