import { eq, sql } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import type { Db, DbOrTx } from "@/db/client";
import { settlementBatches, settlementPayouts, staticAccountPayments, type Mode } from "@/db/schema";
import {
  claimPendingPayoutChecks,
  claimSettlementBatch,
  countSettlementAttempts,
  cutOffSettlementBatches,
  dueSettlementGroups,
  lockSettlementCutoffs,
  reopenSettlementBatch,
} from "@/db/statements/settlement";
import { sendPayout as sendRailPayout } from "@/lib/rails/payouts";
import type { RailName } from "@/lib/rails/rail";
import { railByName, railFor } from "@/lib/rails/router";
import type { BankTransferStatus } from "@/lib/bank/provider";
import { platformAccount, walletAccountFor } from "@/lib/ledger/accounts";
import { postEntry } from "@/lib/ledger/post-entry";
import { logError } from "@/lib/log";
import { getPayIdById, getWalletPayId } from "@/lib/payids/find-pay-id";
import { pendingSettlementAccount } from "@/lib/ledger/pending-settlement";
import { findSettlementSettings } from "./settlement-settings";
import type { SettlementRun } from "./settlement-run-view";

/**
 * Settlement of static-account payments (api.md "Static account payment settlement"):
 *
 * 1. Cutoff: every payment `pending_settlement` whose expected_payout_at has come goes into one
 *    batch per merchant and mode, in ONE statement that writes each payment once (the UPDATE
 *    of the payments, then the batches from the rows it changed, so a batch sums exactly its
 *    payments). `under_review` payments are never batched. Cutoffs take turns (a transaction
 *    advisory lock). The money stays in the merchant's pending_settlement account until payout.
 *    In a run, a merchant paid to its wallet is paid in that same statement and transaction:
 *    its payments go straight to `wallet_credit` with their batch and payout (not batched,
 *    then updated again), the batch and payout row are written as paid, and the ledger entry
 *    follows in the transaction (a savepoint: if it fails, that batch is put back to `open`
 *    and a later run pays it).
 * 2. Payout: each open batch (and each failed one due for a retry) is claimed with SKIP LOCKED
 *    and paid to the merchant's settlement destination (settlement_settings; default wallet):
 *    - wallet: one ledger entry pending_settlement → wallet, payout row, batch and payments
 *      `wallet_credit`, all in one transaction;
 *    - bank_account: a payout attempt row (reference = what the bank deduplicates on) is
 *      committed, then the bank port's sendTransfer is called outside any transaction. A final
 *      answer (now or at a later run's check) moves batch and payments to `paid_out` (ledger
 *      entry pending_settlement → bank_clearing) or `failed`. A failed batch is retried by a
 *      later run with a new attempt row once RETRY_AFTER has passed (payments show `failed`
 *      meanwhile, `paid_out` once a retry succeeds).
 *
 * The ledger entry of a batch has the reference `settlement:<batchId>`: whatever happens, a
 * batch moves its money once. Safe on several instances at once: claims skip locked rows and
 * every state change is a guarded update.
 */

export type { SettlementRun };
export type RunSettlementInput = { merchantId?: string; mode?: Mode; now?: Date };

/** A failed payout is tried again once this long has passed since its failure (env, minutes). */
export const retryAfterMs = () => Number(process.env.OWO_SETTLEMENT_RETRY_MINUTES ?? 10) * 60_000;
/** A bank payout is asked about again once this long has passed since it was sent or last asked (a lease). */
const CHECK_AFTER_MS = 10_000;
const CHECK_BATCH = 50;

export const batchEntryReference = (batchId: string) => `settlement:${batchId}`;
/** What the bank sees for attempt `n` of a batch (unique per attempt; the bank deduplicates on it). */
export const payoutReference = (batchId: string, attempt: number) => `STL-${batchId.replaceAll("-", "")}-${attempt}`;

/** Cutoff and batching (every batch `open`); answers how many payments were batched. */
export async function cutOffDuePayments(db: Db, input: RunSettlementInput & { now: Date }): Promise<number> {
  return db.transaction(async (tx) => (await cutOff(tx, input, null)).batched);
}

/** A batch the cutoff paid to a wallet: its ledger entry is still to post. */
type WalletCut = { batchId: string; merchantId: string; mode: Mode; net: number; paymentCount: number; reference: string; wallet: Wallet };
type Wallet = Awaited<ReturnType<typeof walletFor>>;
type Group = { merchantId: string; mode: Mode; batchId: string; payoutId: string; reference: string; wallet: Wallet | null };

/**
 * The cutoff, inside the caller's transaction: one batch per merchant and mode of the due
 * payments, each payment written once. With `payWallets`, merchants settling to a wallet are
 * paid in the same statement (see the file comment); the others' batches stay `open`.
 */
async function cutOff(tx: DbOrTx, input: RunSettlementInput & { now: Date }, payWallets: { tried: Set<string> } | null) {
  // Cutoffs take turns, so one never sums payments another is moving; each statement below
  // then sees what an earlier cutoff committed.
  await lockSettlementCutoffs(tx);
  const due = await dueSettlementGroups(tx, input);
  if (!due.length) return { batched: 0, wallets: [] as WalletCut[] };
  const groups: Group[] = [];
  for (const { merchant_id: merchantId, mode } of due) {
    const batchId = uuidv7();
    let wallet: Wallet | null = null;
    if (payWallets) {
      const settings = await findSettlementSettings(tx, { merchantId, mode });
      if (paysToWallet(settings)) wallet = await walletFor(tx, merchantId, mode, settings?.walletPayIdId ?? null).catch(() => null); // no wallet: left open, as payNextBatch reports
    }
    groups.push({ merchantId, mode, batchId, payoutId: uuidv7(), reference: payoutReference(batchId, 1), wallet });
  }
  const rows = await cutOffSettlementBatches(tx, { now: input.now, groups: groups.map((g) => ({ ...g, wallet: g.wallet !== null })) });
  const byBatch = new Map(groups.map((g) => [g.batchId, g]));
  const wallets: WalletCut[] = [];
  let batched = 0;
  for (const row of rows) {
    batched += row.payment_count;
    const g = byBatch.get(row.id)!;
    if (row.wallet && g.wallet) {
      payWallets!.tried.add(row.id);
      wallets.push({
        batchId: row.id,
        merchantId: g.merchantId,
        mode: g.mode,
        net: Number(row.net),
        paymentCount: row.payment_count,
        reference: g.reference,
        wallet: g.wallet,
      });
    }
  }
  return { batched, wallets };
}

/** A merchant's batches go to a wallet unless it settles to a complete bank account. */
function paysToWallet(settings: Awaited<ReturnType<typeof findSettlementSettings>>): boolean {
  return !settings || settings.destination === "wallet" || !settings.bankCode || !settings.accountNumber;
}

/** The ledger entry of a batch paid to a wallet: pending_settlement → the wallet, once per batch. */
async function postWalletCredit(
  tx: DbOrTx,
  b: { batchId: string; merchantId: string; mode: Mode; net: number; paymentCount: number; reference: string; wallet: Wallet },
) {
  const [from, to] = [await pendingSettlementAccount(tx, b), await walletAccountFor(tx, b.wallet)];
  await postEntry(tx, {
    reference: batchEntryReference(b.batchId),
    mode: b.mode,
    merchantId: b.merchantId,
    kind: "settlement_wallet_credit",
    description: `Settlement of ${b.paymentCount} static-account payment(s) to wallet @${b.wallet.payId}`,
    metadata: { batch_id: b.batchId, payout_reference: b.reference },
    moves: [{ from: from.id, to: to.id, amount: b.net }],
  });
}

/**
 * The cutoff of a run, paying wallet merchants at once (one transaction): answers the
 * payments batched and those credited to wallets. A wallet batch whose ledger entry fails is
 * put back to `open` (its payout row gone, its payments `batched`), for a later run.
 */
async function cutOffAndPayWallets(db: Db, input: RunSettlementInput & { now: Date }, tried: Set<string>): Promise<{ batched: number; walletCredit: number }> {
  return db.transaction(async (tx) => {
    const { batched, wallets } = await cutOff(tx, input, { tried });
    let walletCredit = 0;
    for (const w of wallets) {
      try {
        if (w.net > 0) await tx.transaction((sp) => postWalletCredit(sp, w));
        walletCredit += w.paymentCount;
      } catch (error) {
        logError("settlement batch payout failed; a later run retries", { batch_id: w.batchId, error });
        await reopenSettlementBatch(tx, w.batchId);
      }
    }
    return { batched, walletCredit };
  });
}

type Batch = typeof settlementBatches.$inferSelect;
type Payout = typeof settlementPayouts.$inferSelect;
type BankDestination = { bankCode: string; accountNumber: string; accountName: string };

/** The wallet a merchant's batch is credited to: the configured one, else its wallet PayID for the mode. */
async function walletFor(tx: DbOrTx, merchantId: string, mode: Mode, walletPayIdId: string | null) {
  const chosen = walletPayIdId ? await getPayIdById(tx, walletPayIdId) : null;
  const wallet = chosen && chosen.merchantId === merchantId && chosen.mode === mode ? chosen : await getWalletPayId(tx, { merchantId, mode });
  if (!wallet) throw new Error(`settlement: merchant ${merchantId} has no ${mode} wallet`);
  return wallet;
}

type Claimed = { kind: "wallet"; payments: number } | { kind: "bank"; batch: Batch; payout: Payout; destination: BankDestination } | null;

/** Claims one open batch (or failed one due for a retry) and pays it to a wallet, or starts its bank payout. */
async function payNextBatch(db: Db, input: RunSettlementInput & { now: Date }, tried: Set<string>): Promise<Claimed> {
  return db.transaction(async (tx): Promise<Claimed> => {
    const retryBefore = new Date(input.now.getTime() - retryAfterMs());
    const batch = await claimSettlementBatch(tx, { ...input, retryBefore, tried });
    if (!batch) return null;
    tried.add(batch.id); // once per run, even if paying it throws
    const [current] = await tx.select().from(settlementBatches).where(eq(settlementBatches.id, batch.id));
    const b = current!;
    const attempt = (await countSettlementAttempts(tx, b.id)) + 1;
    const settings = await findSettlementSettings(tx, { merchantId: b.merchantId, mode: b.mode });
    const reference = payoutReference(b.id, attempt);

    if (!settings || settings.destination === "wallet" || !settings.bankCode || !settings.accountNumber) {
      const wallet = await walletFor(tx, b.merchantId, b.mode, settings?.walletPayIdId ?? null);
      if (b.net > 0)
        await postWalletCredit(tx, { batchId: b.id, merchantId: b.merchantId, mode: b.mode, net: b.net, paymentCount: b.paymentCount, reference, wallet });
      const [payout] = await tx
        .insert(settlementPayouts)
        .values({
          batchId: b.id,
          merchantId: b.merchantId,
          mode: b.mode,
          reference,
          destination: "wallet",
          amount: b.net,
          status: "wallet_credit",
          attempt,
          completedAt: sql`now()` as unknown as Date,
        })
        .returning();
      await tx.update(settlementBatches).set({ status: "wallet_credit" }).where(eq(settlementBatches.id, b.id));
      await tx
        .update(staticAccountPayments)
        .set({ settlementStatus: "wallet_credit", settledAt: sql`now()` as unknown as Date, payoutId: payout!.id })
        .where(eq(staticAccountPayments.batchId, b.id));
      return { kind: "wallet", payments: b.paymentCount };
    }

    const destination = { bankCode: settings.bankCode, accountNumber: settings.accountNumber, accountName: settings.accountName ?? "" };
    const [payout] = await tx
      .insert(settlementPayouts)
      .values({ batchId: b.id, merchantId: b.merchantId, mode: b.mode, reference, destination: "bank_account", amount: b.net, status: "pending", attempt })
      .returning();
    await tx.update(settlementBatches).set({ status: "paying" }).where(eq(settlementBatches.id, b.id));
    return { kind: "bank", batch: b, payout: payout!, destination };
  });
}

/**
 * Records the bank's final answer for a pending payout attempt, once (guarded on the attempt
 * still pending): completed → ledger entry, payout/batch/payments `paid_out`; failed →
 * payout/batch/payments `failed` (the money stays in pending_settlement for the retry).
 * Answers how many payments it moved to that status (0 when someone else decided it first).
 */
export async function finalizePayout(db: Db, input: { payoutId: string; outcome: BankTransferStatus }): Promise<number> {
  if (input.outcome.status === "pending") return 0;
  return db.transaction(async (tx) => {
    const [payout] = await tx.select().from(settlementPayouts).where(eq(settlementPayouts.id, input.payoutId)).for("update");
    if (!payout || payout.status !== "pending") return 0;
    const [batch] = await tx.select().from(settlementBatches).where(eq(settlementBatches.id, payout.batchId)).for("update");
    if (!batch || batch.status !== "paying") return 0;
    if (input.outcome.status === "completed") {
      if (payout.amount > 0) {
        const [from, to] = [await pendingSettlementAccount(tx, batch), await platformAccount(tx, batch.mode, "bank_clearing")];
        await postEntry(tx, {
          reference: batchEntryReference(batch.id),
          mode: batch.mode,
          merchantId: batch.merchantId,
          kind: "settlement_payout",
          description: `Settlement of ${batch.paymentCount} static-account payment(s) to a bank account`,
          metadata: { batch_id: batch.id, payout_reference: payout.reference },
          moves: [{ from: from.id, to: to.id, amount: payout.amount }],
        });
      }
      await tx
        .update(settlementPayouts)
        .set({ status: "paid_out", completedAt: sql`now()` as unknown as Date })
        .where(eq(settlementPayouts.id, payout.id));
      await tx.update(settlementBatches).set({ status: "paid_out" }).where(eq(settlementBatches.id, batch.id));
      await tx
        .update(staticAccountPayments)
        .set({ settlementStatus: "paid_out", settledAt: sql`now()` as unknown as Date, payoutId: payout.id })
        .where(eq(staticAccountPayments.batchId, batch.id));
    } else {
      const reason = input.outcome.reason ?? "The bank could not complete the payout";
      await tx.update(settlementPayouts).set({ status: "failed", failureReason: reason }).where(eq(settlementPayouts.id, payout.id));
      await tx.update(settlementBatches).set({ status: "failed" }).where(eq(settlementBatches.id, batch.id));
      await tx.update(staticAccountPayments).set({ settlementStatus: "failed", payoutId: payout.id }).where(eq(staticAccountPayments.batchId, batch.id));
    }
    return batch.paymentCount;
  });
}

/**
 * Offers a payout attempt to the rails as any payout is (lib/rails/payouts.ts: the next rail
 * only after a definite refusal; once a rail may have it, only that rail), and records which
 * rail has it before answering. Every rail refusing fails the attempt (the next run retries
 * with a new one); an unknown outcome stays pending for the status check. Live with no rail:
 * RAIL_UNAVAILABLE, retried by the next run.
 */
async function sendPayout(db: Db, payout: Payout, destination: BankDestination): Promise<BankTransferStatus> {
  const attempt = await sendRailPayout(
    payout.mode,
    {
      reference: payout.reference,
      amount: payout.amount,
      bankCode: destination.bankCode,
      accountNumber: destination.accountNumber,
      accountName: destination.accountName,
      narration: "Owo settlement",
    },
    { rail: (payout.rail as RailName | null) ?? null, refused: [] },
  );
  if (attempt.kind === "refused") return { status: "failed", reason: attempt.reason };
  await db.update(settlementPayouts).set({ rail: attempt.rail }).where(eq(settlementPayouts.id, payout.id));
  return attempt.kind === "sent" ? attempt.outcome : { status: "pending" };
}

/**
 * Pending bank payouts not looked at for CHECK_AFTER (a lease, so two instances do not ask
 * the bank about one payout at once): the bank's answer is recorded; one the bank never got
 * (a crash between commit and call) is sent again under the same reference.
 */
async function checkPendingPayouts(db: Db, input: RunSettlementInput & { now: Date }, counts: SettlementRun): Promise<void> {
  const seen = new Set<string>();
  for (;;) {
    const claimed = await claimPendingPayoutChecks(db, { ...input, before: new Date(input.now.getTime() - CHECK_AFTER_MS), seen, limit: CHECK_BATCH });
    if (claimed.length === 0) return;
    for (const { id } of claimed) {
      seen.add(id);
      const [payout] = await db.select().from(settlementPayouts).where(eq(settlementPayouts.id, id));
      if (!payout || payout.status !== "pending") continue;
      try {
        // Asked at the rail that has it (before rails were recorded: the mode's first).
        let outcome = await (railByName(payout.rail) ?? railFor(payout.mode, "transfers")).getTransferStatus(payout.reference);
        if (!outcome) {
          const settings = await findSettlementSettings(db, { merchantId: payout.merchantId, mode: payout.mode });
          if (settings?.destination === "bank_account" && settings.bankCode && settings.accountNumber) {
            outcome = await sendPayout(db, payout, {
              bankCode: settings.bankCode,
              accountNumber: settings.accountNumber,
              accountName: settings.accountName ?? "",
            });
          } else {
            // Never sent, and the merchant now settles elsewhere: fail it, the retry pays the new destination.
            outcome = { status: "failed", reason: "Settlement destination changed before the payout was sent" };
          }
        }
        tally(counts, outcome, await finalizePayout(db, { payoutId: payout.id, outcome }));
      } catch (error) {
        logError("settlement payout check failed; the next run retries", { reference: payout.reference, error });
      }
    }
  }
}

function tally(counts: SettlementRun, outcome: BankTransferStatus, payments: number) {
  if (outcome.status === "completed") counts.paid_out += payments;
  else if (outcome.status === "failed") counts.failed += payments;
}

/**
 * One settlement run: cutoff and batching as of `now` (default: the current time), payout
 * of every open batch, retries of failed ones due, then outcomes of pending bank payouts.
 * `merchantId`/`mode` narrow every step to one merchant and/or mode. Answers counts of
 * payments: batched at this cutoff, paid out to a bank, credited to a wallet, failed.
 */
export async function runSettlement(db: Db, input: RunSettlementInput = {}): Promise<SettlementRun> {
  const now = input.now ?? new Date();
  const scoped = { ...input, now };
  const tried = new Set<string>();
  const cut = await cutOffAndPayWallets(db, scoped, tried);
  const counts: SettlementRun = { batched: cut.batched, paid_out: 0, wallet_credit: cut.walletCredit, failed: 0 };
  for (;;) {
    let claimed: Claimed;
    const before = tried.size;
    try {
      claimed = await payNextBatch(db, scoped, tried);
    } catch (error) {
      if (tried.size === before) throw error; // not about one batch: the run itself cannot go on
      // That batch stays as it was (its transaction rolled back) for a later run; go on with the others.
      logError("settlement batch payout failed; a later run retries", { error });
      continue;
    }
    if (!claimed) break;
    if (claimed.kind === "wallet") {
      counts.wallet_credit += claimed.payments;
      continue;
    }
    try {
      const outcome = await sendPayout(db, claimed.payout, claimed.destination);
      tally(counts, outcome, await finalizePayout(db, { payoutId: claimed.payout.id, outcome }));
    } catch (error) {
      // The attempt stays pending; a later run's check asks the bank and re-sends if needed.
      logError("settlement payout call failed; a later run retries", { reference: claimed.payout.reference, error });
    }
  }
  await checkPendingPayouts(db, scoped, counts);
  return counts;
}
