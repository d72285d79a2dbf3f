import { and, eq } from "drizzle-orm";
import { accountKeyPairIds } from "@/lib/wallets/wallet-key-pairs";
import type { Db, DbOrTx } from "@/db/client";
import { payments, refunds, staticAccountPayments, staticAccounts, type Refund, type StaticAccountPayment } from "@/db/schema";
import { recordAudit, SYSTEM_ACTOR, type Actor } from "@/lib/audit/record-audit";
import type { Rail } from "@/lib/rails/rail";
import { railByName, railFor } from "@/lib/rails/router";
import type { BankRefundRequest, BankTransferStatus } from "@/lib/bank/provider";
import { deliverAfterCommit } from "@/lib/events/deliver-after-commit";
import { emitEvents } from "@/lib/events/emit-event";
import { postEntry, type Move } from "@/lib/ledger/post-entry";
import { logError } from "@/lib/log";
import { refundAccounts } from "./refund-accounts";
import { sumCompletedRefunds } from "./refund-amounts";
import { refundInvalidState, refundNotFound } from "./refund-errors";
import { approveWalletRefund, isWalletRefund, lockRefundedPayment, paymentKeyPairIds, returnFailedRefund, walletChargeRefundedData } from "./wallet-refunds";

/**
 * An admin (or, for a test-mode refund, the merchant: decide-test-refund.ts) approves a requested refund (requested → processing). In one transaction: the
 * guarded status change (a second approval, or an approval racing a rejection, finds the
 * refund no longer `requested` and is refused), the money from the merchant's pending
 * settlement (net) and fee revenue (fee) to refunds_in_flight (the gross going back), and the
 * audit entry. Then the bank pays the payer back (processRefund).
 */
export async function approveRefund(db: Db, input: { refundId: string; actor: Actor | null }): Promise<Refund> {
  await db.transaction(async (tx) => {
    const now = new Date();
    const [refund] = await tx
      .update(refunds)
      .set({ status: "processing", reviewedByUserId: input.actor?.userId ?? null, reviewedAt: now, updatedAt: now })
      .where(and(eq(refunds.id, input.refundId), eq(refunds.status, "requested")))
      .returning();
    if (!refund) throw await notRequested(tx, input.refundId, "approved");
    if (isWalletRefund(refund)) {
      await approveWalletRefund(tx, refund, await lockRefundedPayment(tx, refund));
    } else {
      const payment = await lockPayment(tx, refund.paymentId!);
      const held = heldMoves(payment, await refundAccounts(tx, refund));
      await postEntry(tx, {
        reference: `refund:${refund.id}`,
        mode: refund.mode,
        merchantId: refund.merchantId,
        kind: "refund",
        description: `Refund ${refund.id} of payment ${payment.reference} approved`,
        metadata: { refund_id: refund.id, payment_reference: payment.reference, net: payment.amount - payment.fee, fee: payment.fee },
        moves: held,
      });
    }
    // A sandbox API call (a test refund decided by the merchant's key) has no audit actor, as an API request has none.
    if (input.actor)
      await recordAudit(tx, {
        merchantId: refund.merchantId,
        actor: input.actor,
        action: "refund.approved",
        targetType: "refund",
        targetId: refund.id,
        changes: { status: { from: "requested", to: "processing" } },
      });
  });
  return processRefund(db, { refundId: input.refundId });
}

/**
 * Asks the bank to pay a processing refund back to the payer (idempotent on the refund id, so
 * it is safe to call again: the scheduler or an admin retries one the bank answered `pending`
 * or could not be reached for) and applies the outcome. Completed: refunds_in_flight → bank
 * clearing, payment `refunded`, charge.refunded. Failed: see failRefund.
 */
export async function processRefund(db: Db, input: { refundId: string }): Promise<Refund> {
  const [refund] = await db.select().from(refunds).where(eq(refunds.id, input.refundId));
  if (!refund) throw refundNotFound();
  if (refund.status !== "processing") return refund;
  const payer = await refundPayer(db, refund);
  let outcome: BankTransferStatus;
  try {
    const { rail, paymentReference } = await refundRail(db, refund);
    outcome = await rail.refundPayment({
      reference: refund.id,
      paymentReference,
      amount: refund.amount,
      channel: refund.channel,
      payer,
    });
  } catch (error) {
    // Unreachable bank: the refund stays processing (its money in refunds_in_flight) and is asked again.
    logError("refund: bank call failed; the refund stays processing", { refundId: refund.id, error });
    return refund;
  }
  if (outcome.status === "completed") return completeRefund(db, refund.id);
  if (outcome.status === "failed") return failRefund(db, { refundId: refund.id, reason: outcome.reason ?? "The bank could not return the money" });
  return refund;
}

/**
 * The rail that returns a payment's money: the one it came through (its refund API, or a
 * payout to the payer), else the mode's first rail that pays out (test: the sandbox).
 */
async function refundRail(db: Db, refund: Refund): Promise<{ rail: Rail; paymentReference: string }> {
  const [payment] = await db
    .select({ rail: payments.rail, railReference: payments.railReference })
    .from(payments)
    .where(eq(payments.reference, refund.paymentReference));
  const own = refund.mode === "live" ? railByName(payment?.rail) : null;
  if (own && own.name !== "sandbox") return { rail: own, paymentReference: payment!.railReference ?? refund.paymentReference };
  return { rail: railFor(refund.mode, "transfers"), paymentReference: refund.paymentReference };
}

async function completeRefund(db: Db, refundId: string): Promise<Refund> {
  let eventIds: string[] = [];
  const result = await db.transaction(async (tx) => {
    const now = new Date();
    const [refund] = await tx
      .update(refunds)
      .set({ status: "completed", completedAt: now, updatedAt: now })
      .where(and(eq(refunds.id, refundId), eq(refunds.status, "processing")))
      .returning();
    if (!refund) return (await tx.select().from(refunds).where(eq(refunds.id, refundId)))[0]!;
    if (isWalletRefund(refund)) {
      eventIds = await completeWalletRefund(tx, refund);
      return refund;
    }
    const payment = await lockPayment(tx, refund.paymentId!);
    const a = await refundAccounts(tx, refund);
    await postEntry(tx, {
      reference: `refund:${refund.id}:completed`,
      mode: refund.mode,
      merchantId: refund.merchantId,
      kind: "refund",
      description: `Refund ${refund.id} paid back to the payer`,
      metadata: { refund_id: refund.id, payment_reference: payment.reference },
      moves: [{ from: a.inFlight.id, to: a.clearing.id, amount: refund.amount }],
    });
    await tx.update(staticAccountPayments).set({ settlementStatus: "refunded", updatedAt: now }).where(eq(staticAccountPayments.id, payment.id));
    await tx.update(payments).set({ status: "refunded" }).where(eq(payments.reference, payment.reference));
    // The refund's account always exists (foreign key; accounts are never removed, only marked deleted).
    const [account] = await tx.select().from(staticAccounts).where(eq(staticAccounts.id, refund.staticAccountId!));
    const keyPairIds = await accountKeyPairIds(tx, account!);
    const data = chargeRefundedData(refund, payment, account!);
    eventIds = await emitEvents(
      tx,
      keyPairIds.map((keyPairId) => ({ merchantId: refund.merchantId, mode: refund.mode, keyPairId, type: "charge.refunded", data })),
    );
    return refund;
  });
  deliverAfterCommit(eventIds);
  return result;
}

/**
 * The bank could not pay the payer back (processing → failed, with the bank's reason). The
 * money goes back where it came from (refunds_in_flight → the merchant's pending settlement
 * for the net, fee revenue for the fee) and the payment returns to `pending_settlement`: it
 * settles to the merchant at the next cutoff like a declined refund, and the merchant may
 * ask again (a failed refund is no longer open). Nothing is sent: no money moved to the payer.
 */
export async function failRefund(db: Db, input: { refundId: string; reason: string }): Promise<Refund> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [refund] = await tx
      .update(refunds)
      .set({ status: "failed", failureReason: input.reason, updatedAt: now })
      .where(and(eq(refunds.id, input.refundId), eq(refunds.status, "processing")))
      .returning();
    if (!refund) return (await tx.select().from(refunds).where(eq(refunds.id, input.refundId)))[0]!;
    if (isWalletRefund(refund)) {
      // The payment stays completed: the merchant may ask again.
      await returnFailedRefund(tx, refund, await lockRefundedPayment(tx, refund), input.reason);
    } else {
      const payment = await lockPayment(tx, refund.paymentId!);
      const held = heldMoves(payment, await refundAccounts(tx, refund));
      await postEntry(tx, {
        reference: `refund:${refund.id}:failed`,
        mode: refund.mode,
        merchantId: refund.merchantId,
        kind: "refund_reversal",
        description: `Refund ${refund.id} failed at the bank: ${input.reason}`,
        metadata: { refund_id: refund.id, payment_reference: payment.reference, reason: input.reason },
        // Back where approval took it from.
        moves: held.map((m) => ({ from: m.to, to: m.from, amount: m.amount })),
      });
      await backToSettlement(tx, payment.id, now);
    }
    await recordAudit(tx, {
      merchantId: refund.merchantId,
      actor: SYSTEM_ACTOR,
      action: "refund.failed",
      targetType: "refund",
      targetId: refund.id,
      changes: { status: { from: "processing", to: "failed" }, failure_reason: { to: input.reason } },
    });
    return refund;
  });
}

/**
 * A wallet payment's refund paid back: refunds_in_flight → bank clearing, charge.refunded with
 * its channel (`refunded_amount` this refund's, `amount` the payment's), and the payment
 * `refunded` once its completed refunds add up to its whole amount (a partial refund leaves it
 * completed, with the rest still refundable).
 */
async function completeWalletRefund(tx: DbOrTx, refund: Refund): Promise<string[]> {
  const payment = await lockRefundedPayment(tx, refund);
  const a = await refundAccounts(tx, refund);
  await postEntry(tx, {
    reference: `refund:${refund.id}:completed`,
    mode: refund.mode,
    merchantId: refund.merchantId,
    kind: "refund",
    description: "Refund paid back to the payer",
    metadata: { refund_id: refund.id, payment_reference: payment.reference, channel: payment.channel },
    moves: [{ from: a.inFlight.id, to: a.clearing.id, amount: refund.amount }],
  });
  const siblings = await tx.select({ amount: refunds.amount, status: refunds.status }).from(refunds).where(eq(refunds.paymentReference, payment.reference));
  if (sumCompletedRefunds(siblings) >= payment.amount) await tx.update(payments).set({ status: "refunded" }).where(eq(payments.reference, payment.reference));
  const data = walletChargeRefundedData(refund, payment);
  const keyPairIds = await paymentKeyPairIds(tx, payment);
  return emitEvents(
    tx,
    keyPairIds.map((keyPairId) => ({ merchantId: refund.merchantId, mode: refund.mode, keyPairId, type: "charge.refunded", data })),
  );
}

/** Who the bank pays back: the payer the payment recorded (a static-account payment's row, else the payments row). */
async function refundPayer(db: Db, refund: Refund): Promise<BankRefundRequest["payer"]> {
  const empty = { name: null, bank: null, account: null };
  if (refund.paymentId) {
    const [payment] = await db.select({ payer: staticAccountPayments.payer }).from(staticAccountPayments).where(eq(staticAccountPayments.id, refund.paymentId));
    return payment?.payer ?? empty;
  }
  const [payment] = await db.select({ payer: payments.payer }).from(payments).where(eq(payments.reference, refund.paymentReference));
  const p = (payment?.payer ?? {}) as { name?: string | null; bank?: string | null; account?: string | null };
  return { name: p.name ?? null, bank: p.bank ?? null, account: p.account ?? null };
}

/**
 * What approving a refund holds back: the payment's net from the merchant's pending settlement
 * and its fee from fee revenue, both to refunds_in_flight (a failed refund moves them back).
 */
function heldMoves(payment: StaticAccountPayment, a: Awaited<ReturnType<typeof refundAccounts>>): Move[] {
  const net = payment.amount - payment.fee;
  const moves: Move[] = [];
  if (net > 0) moves.push({ from: a.pending.id, to: a.inFlight.id, amount: net });
  if (payment.fee > 0) moves.push({ from: a.feeRevenue.id, to: a.inFlight.id, amount: payment.fee });
  return moves;
}

/** A payment under review (its refund declined or failed) settles again at the next cutoff. */
export async function backToSettlement(tx: DbOrTx, paymentId: string, now: Date): Promise<void> {
  await tx
    .update(staticAccountPayments)
    .set({ settlementStatus: "pending_settlement", updatedAt: now })
    .where(and(eq(staticAccountPayments.id, paymentId), eq(staticAccountPayments.settlementStatus, "under_review")));
}

export async function lockPayment(tx: DbOrTx, paymentId: string): Promise<StaticAccountPayment> {
  const [payment] = await tx.select().from(staticAccountPayments).where(eq(staticAccountPayments.id, paymentId)).for("update");
  if (!payment) throw new Error(`refund: payment ${paymentId} is missing`);
  return payment;
}

/** Why a guarded update found nothing: NOT_FOUND, or the refund has moved on. */
export async function notRequested(tx: DbOrTx, refundId: string, action: string): Promise<Error> {
  const [current] = await tx.select({ status: refunds.status }).from(refunds).where(eq(refunds.id, refundId));
  return current ? refundInvalidState(current.status, action) : refundNotFound();
}

/** api.md charge.refunded, static_account channel. Amounts in kobo. */
export function chargeRefundedData(
  refund: Refund,
  payment: StaticAccountPayment,
  account: { id: string; accountNumber: string; accountName: string; bankName: string; reference: string; customerName: string },
): Record<string, unknown> {
  const completedAt = refund.completedAt!.toISOString();
  return {
    reference: payment.reference,
    merchant_reference: account.reference,
    amount: payment.amount,
    refunded_amount: refund.amount,
    currency: refund.currency,
    status: "refunded",
    channel: "static_account",
    refund: { id: refund.id, reason: refund.reason, requested_at: refund.requestedAt.toISOString(), completed_at: completedAt },
    static_account: {
      id: account.id,
      account_number: account.accountNumber,
      account_name: account.accountName,
      bank_name: account.bankName,
      reference: account.reference,
      customer_name: account.customerName,
    },
    payer: payment.payer ?? { name: null, bank: null, account: null },
    refunded_at: completedAt,
  };
}
