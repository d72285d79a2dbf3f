import { and, eq, gt, gte, inArray, isNull, ne, or, sql, sum } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db/client";
import { merchants, payoutSettings, postings, transfers, type Mode, type PayoutSettings } from "@/db/schema";
import { isAppError } from "@/lib/errors";
import { transferCharges, TRANSFER_FEE_SCHEDULES } from "@/lib/fees/transfer-fees";
import { lagosDay, lagosDayStart } from "@/lib/lagos-day";
import { findAccount, walletAccountCode } from "@/lib/ledger/accounts";
import { logError } from "@/lib/log";
import { getWalletPayId } from "@/lib/payids/find-pay-id";
import { initiateTransfer } from "@/lib/transfers/initiate-transfer";
import { TRANSFER_AMOUNT_LIMITS } from "@/lib/transfers/transfer-amount-field";
import type { TransferView } from "@/lib/transfers/transfer-view";

/*
 * Automatic payouts (supplement §13). At each payout time the wallet's available balance above
 * the merchant's reserve is sent to its payout account as one bank transfer, through the same
 * path, fees and events as POST /v1/checkout/transfer (`source: "payout"`), so live payouts go
 * through the rails. Money that arrived in the current Lagos day waits for the next payout
 * ("the day after the money arrived").
 *
 * Once per period: the transfer's merchant reference is `payout-<Lagos date>`, unique per
 * merchant and mode in the database. Two instances computing the same payout write one
 * transfer (the other gets it back as a replay, or a reference conflict when the balance moved
 * between their reads: either way nothing more is sent); a crash after the transfer committed
 * finds it on the next pass; a crash before left nothing to find. The bank call itself is the
 * transfer path's (unsent transfers are sent by process_pending_transfers).
 */

/** The Lagos period a payout for these settings is due in at `now`, or null when none is due. */
export function duePeriod(s: Pick<PayoutSettings, "schedule" | "hour" | "weekday">, now: Date): string | null {
  if (s.schedule === "manual") return null;
  const day = lagosDay(now);
  if (now.getTime() < lagosDayStart(day).getTime() + s.hour * 3_600_000) return null;
  if (s.schedule === "weekly" && isoWeekday(day) !== s.weekday) return null;
  return day;
}

/** ISO weekday (1 Monday … 7 Sunday) of a Lagos date `YYYY-MM-DD`. */
const isoWeekday = (day: string) => ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

export const payoutReference = (period: string) => `payout-${period}`;

/**
 * Charges are constant between the fee bands' edges and the stamp-duty threshold, so the
 * largest amount that fits is, in one of those stretches, either `payable` less that
 * stretch's charges or the stretch's last kobo: these are the candidates.
 */
function candidateAmounts(payable: number): number[] {
  const out = new Set<number>([TRANSFER_AMOUNT_LIMITS.maxKobo]);
  for (const s of TRANSFER_FEE_SCHEDULES) {
    const edges = [...s.bands.map((b) => b.upTo ?? TRANSFER_AMOUNT_LIMITS.maxKobo), s.stampDuty.from - 1];
    for (const edge of edges) {
      out.add(edge);
      const c = transferCharges({ amount: edge, type: "bank_transfer" });
      out.add(payable - (c.total - edge));
      out.add(payable - (c.total - edge) - s.stampDuty.amount);
    }
  }
  return [...out];
}

/**
 * The largest transfer amount whose total (amount + fee + VAT + stamp duty) fits in `payable`,
 * within a transfer's limits; null when not even the smallest transfer fits.
 */
export function largestPayout(payable: number): number | null {
  let best: number | null = null;
  for (const candidate of candidateAmounts(payable)) {
    const amount = Math.min(candidate, payable, TRANSFER_AMOUNT_LIMITS.maxKobo);
    if (amount < TRANSFER_AMOUNT_LIMITS.minKobo) continue;
    if (transferCharges({ amount, type: "bank_transfer" }).total <= payable && (best === null || amount > best)) best = amount;
  }
  return best;
}

export type PayoutQuote = { balance: number; arrivedToday: number; reserve: number; payable: number; amount: number | null; charges: number };

/** What a payout would send now: the balance less today's arrivals and the reserve, less the transfer's own charges. */
export async function quotePayout(db: DbOrTx, input: { walletPayIdId: string; reserve: number; now: Date }): Promise<PayoutQuote> {
  const account = await findAccount(db, walletAccountCode(input.walletPayIdId));
  const balance = account?.balance ?? 0;
  let arrivedToday = 0;
  if (account) {
    const [row] = await db
      .select({ total: sum(postings.amount) })
      .from(postings)
      .where(and(eq(postings.accountId, account.id), gt(postings.amount, 0), gte(postings.createdAt, lagosDayStart(lagosDay(input.now)))));
    arrivedToday = Number(row?.total ?? 0);
  }
  const payable = Math.max(0, balance - arrivedToday - input.reserve);
  const amount = largestPayout(payable);
  return {
    balance,
    arrivedToday,
    reserve: input.reserve,
    payable,
    amount,
    charges: amount === null ? 0 : transferCharges({ amount, type: "bank_transfer" }).total - amount,
  };
}

export type PayoutOutcome =
  { status: "sent"; transfer: TransferView } | { status: "already_sent" } | { status: "nothing_to_pay"; note: string } | { status: "skipped"; note: string };

/** One merchant's payout for `period`, once (see above). */
export async function payOut(db: Db, input: { settings: PayoutSettings; period: string; now: Date }): Promise<PayoutOutcome> {
  const { settings: s } = input;
  const scope = { merchantId: s.merchantId, mode: s.mode as Mode };
  const reference = payoutReference(input.period);
  const [existing] = await db
    .select({ id: transfers.id })
    .from(transfers)
    .where(and(eq(transfers.merchantId, scope.merchantId), eq(transfers.mode, scope.mode), eq(transfers.merchantReference, reference)));
  if (existing) return { status: "already_sent" };
  const [merchant] = await db
    .select({ name: merchants.name, activatedAt: merchants.activatedAt, suspendedAt: merchants.suspendedAt })
    .from(merchants)
    .where(eq(merchants.id, scope.merchantId));
  if (!merchant) return { status: "skipped", note: "No such merchant" };
  if (merchant.suspendedAt) return { status: "skipped", note: "The business is suspended" };
  if (scope.mode === "live" && !merchant.activatedAt) return { status: "skipped", note: "The business is not activated" };
  const wallet = await getWalletPayId(db, scope);
  if (!wallet) return { status: "skipped", note: "No wallet" };
  const quote = await quotePayout(db, { walletPayIdId: wallet.id, reserve: s.reserve, now: input.now });
  if (quote.amount === null) return { status: "nothing_to_pay", note: `Nothing to pay out (available above the reserve: ${quote.payable} kobo)` };
  try {
    const transfer = await initiateTransfer(db, {
      merchantId: scope.merchantId,
      merchantName: merchant.name,
      mode: scope.mode,
      walletPayIdId: wallet.id,
      keyPairId: null,
      source: "payout",
      body: {
        type: "bank_transfer",
        account_number: s.accountNumber,
        bank_code: s.bankCode,
        account_name: s.accountName,
        amount: quote.amount,
        narration: `Owo payout ${input.period}`,
        reference,
        metadata: { payout_period: input.period, reserve: s.reserve },
      },
    });
    return { status: "sent", transfer };
  } catch (err) {
    // A twin instance committed this period's payout first with another amount: it is paid.
    if (isAppError(err) && err.code === "REFERENCE_CONFLICT") return { status: "already_sent" };
    throw err;
  }
}

/**
 * The scheduler's job: every merchant whose payout is due and not yet looked at this period.
 * A payout refused for a reason that may pass (no rail, a bank outage before anything was
 * written) is noted and tried again on the next pass; one that was sent, or had nothing to
 * send, marks the period done. Returns the payouts sent.
 */
export async function runDuePayouts(db: Db, now: Date = new Date(), opts: { merchantIds?: string[] } = {}): Promise<number> {
  const today = lagosDay(now);
  const candidates = await db
    .select()
    .from(payoutSettings)
    .where(
      and(
        ne(payoutSettings.schedule, "manual"),
        or(isNull(payoutSettings.lastRunPeriod), sql`${payoutSettings.lastRunPeriod} <> ${today}`),
        opts.merchantIds ? inArray(payoutSettings.merchantId, opts.merchantIds) : undefined,
      ),
    )
    .limit(500);
  let sent = 0;
  for (const s of candidates) {
    const period = duePeriod(s, now);
    if (!period) continue;
    let note: string;
    let done = true;
    try {
      const outcome = await payOut(db, { settings: s, period, now });
      if (outcome.status === "sent") sent++;
      note = outcome.status === "sent" ? `Sent ${outcome.transfer.reference}` : outcome.status === "already_sent" ? "Already sent" : outcome.note;
      done = outcome.status !== "skipped";
    } catch (err) {
      done = false;
      note = isAppError(err) ? err.message : "The payout could not be made";
      if (!isAppError(err)) logError("automatic payout failed", { merchantId: s.merchantId, mode: s.mode, error: err });
    }
    await db
      .update(payoutSettings)
      .set({ lastRunNote: note, ...(done ? { lastRunPeriod: period } : {}) })
      .where(and(eq(payoutSettings.merchantId, s.merchantId), eq(payoutSettings.mode, s.mode)));
  }
  return sent;
}

/** When the next automatic payout is due (the overview), or null for a manual schedule. */
export function nextPayoutAt(s: Pick<PayoutSettings, "schedule" | "hour" | "weekday" | "lastRunPeriod">, now: Date): Date | null {
  if (s.schedule === "manual") return null;
  for (let d = 0; d <= 7; d++) {
    const day = lagosDay(new Date(now.getTime() + d * 86_400_000));
    const at = new Date(lagosDayStart(day).getTime() + s.hour * 3_600_000);
    if (s.schedule === "weekly" && isoWeekday(day) !== s.weekday) continue;
    if (day === s.lastRunPeriod) continue;
    return at < now ? now : at;
  }
  return null;
}

export type PayoutOutlook = { settings: PayoutSettings | null; nextAt: Date | null; quote: PayoutQuote | null };

/** Settings, when the next payout is due and what it would send if it ran now (the Payouts page and the overview). */
export async function payoutOutlook(db: DbOrTx, scope: { merchantId: string; mode: Mode }, now: Date = new Date()): Promise<PayoutOutlook> {
  const [settings] = await db
    .select()
    .from(payoutSettings)
    .where(and(eq(payoutSettings.merchantId, scope.merchantId), eq(payoutSettings.mode, scope.mode)));
  if (!settings) return { settings: null, nextAt: null, quote: null };
  const nextAt = nextPayoutAt(settings, now);
  const wallet = await getWalletPayId(db, scope);
  const quote = nextAt && wallet ? await quotePayout(db, { walletPayIdId: wallet.id, reserve: settings.reserve, now: nextAt }) : null;
  return { settings, nextAt, quote };
}
