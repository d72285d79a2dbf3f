import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { payments, type Payment, type Refund } from "@/db/schema";
import { walletAccountFor } from "@/lib/ledger/accounts";
import { postEntry, type Move } from "@/lib/ledger/post-entry";
import { walletKeyPairIds } from "@/lib/wallets/wallet-key-pairs";
import { refundAccounts } from "./refund-accounts";

/**
 * The money side of a refund of a payment that credited a wallet (supplement §10: checkout,
 * PayID, virtual-account and invoice payments). The payment put its net (gross less the
 * collection fee) in the settlement wallet and its fee in fee revenue. A refund of the whole
 * payment takes back the same two parts, as a static-account refund does from pending
 * settlement; a partial refund takes exactly its amount from the wallet and returns no fee
 * (refundShares):
 *
 * - request: the wallet's share, wallet → refunds_in_flight at once (an overdraft is
 *   INSUFFICIENT_FUNDS and holds nothing);
 * - approval: the fee's share (a whole refund's fee, else nothing), fee revenue →
 *   refunds_in_flight (the refund's amount is now in flight);
 * - bank paid the payer: refunds_in_flight → bank clearing (refundAccounts; see approve-refund.ts);
 * - rejection: the wallet's share back to the wallet;
 * - bank failure: the wallet's share back to the wallet and the fee's back to fee revenue.
 */

export const isWalletRefund = (r: Pick<Refund, "staticAccountId">) => r.staticAccountId === null;

/** The payment a wallet refund is of, locked (the request, each decision and completion lock it, so they run one at a time). */
export async function lockRefundedPayment(tx: DbOrTx, refund: Pick<Refund, "paymentReference">): Promise<Payment> {
  const [payment] = await tx.select().from(payments).where(eq(payments.reference, refund.paymentReference)).for("update");
  if (!payment) throw new Error(`refund: payment ${refund.paymentReference} is missing`);
  return payment;
}

/** One payment of this merchant and mode by its reference, locked; undefined when there is none (NOT_FOUND to the caller). */
export async function lockMerchantPayment(tx: DbOrTx, input: { merchantId: string; mode: Payment["mode"]; reference: string }): Promise<Payment | undefined> {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.reference, input.reference), eq(payments.merchantId, input.merchantId), eq(payments.mode, input.mode)))
    .for("update");
  return payment;
}

/**
 * Where a refund's amount comes from: a refund of the whole payment takes its net from the
 * wallet and its collection fee back out of fee revenue; a partial refund takes exactly its
 * amount from the wallet and no fee (supplement §10).
 */
export function refundShares(refund: Pick<Refund, "amount">, payment: Pick<Payment, "amount" | "fee">): { wallet: number; fee: number } {
  if (refund.amount === payment.amount) return { wallet: payment.amount - payment.fee, fee: payment.fee };
  return { wallet: refund.amount, fee: 0 };
}

async function accounts(tx: DbOrTx, refund: Refund, payment: Payment) {
  const [a, wallet] = await Promise.all([
    refundAccounts(tx, refund),
    walletAccountFor(tx, { id: payment.settlementPayIdId, merchantId: payment.merchantId, mode: payment.mode }),
  ]);
  return { ...a, wallet };
}

async function post(tx: DbOrTx, refund: Refund, payment: Payment, p: { suffix: string; kind: string; description: string; moves: Move[] }) {
  const moves = p.moves.filter((m) => m.amount > 0);
  if (moves.length === 0) return;
  await postEntry(tx, {
    reference: `refund:${refund.id}${p.suffix}`,
    mode: refund.mode,
    merchantId: refund.merchantId,
    kind: p.kind,
    description: p.description,
    metadata: { refund_id: refund.id, payment_reference: payment.reference, channel: payment.channel, amount: refund.amount, ...refundShares(refund, payment) },
    moves,
  });
}

/** At request time: the wallet's share leaves the wallet (INSUFFICIENT_FUNDS when it cannot, aborting the request). */
export async function holdRefund(tx: DbOrTx, refund: Refund, payment: Payment): Promise<void> {
  const a = await accounts(tx, refund, payment);
  await post(tx, refund, payment, {
    suffix: ":held",
    kind: "refund",
    description: `Refund requested${payerSuffix(payment)}: held until it is reviewed`,
    moves: [{ from: a.wallet.id, to: a.inFlight.id, amount: refundShares(refund, payment).wallet }],
  });
}

/** At approval: a whole refund's fee joins the held net, so the whole payment is in flight to the payer (a partial one has no fee share: nothing to post). */
export async function approveWalletRefund(tx: DbOrTx, refund: Refund, payment: Payment): Promise<void> {
  const a = await accounts(tx, refund, payment);
  await post(tx, refund, payment, {
    suffix: "",
    kind: "refund",
    description: `Refund approved${payerSuffix(payment)}`,
    moves: [{ from: a.feeRevenue.id, to: a.inFlight.id, amount: refundShares(refund, payment).fee }],
  });
}

/** A declined request: the held money goes back to the wallet. */
export async function releaseRefund(tx: DbOrTx, refund: Refund, payment: Payment): Promise<void> {
  const a = await accounts(tx, refund, payment);
  await post(tx, refund, payment, {
    suffix: ":released",
    kind: "refund_released",
    description: "Refund declined: the held money is back in your wallet",
    moves: [{ from: a.inFlight.id, to: a.wallet.id, amount: refundShares(refund, payment).wallet }],
  });
}

/** The bank could not pay the payer: the wallet's share back to the wallet, a whole refund's fee back to fee revenue. */
export async function returnFailedRefund(tx: DbOrTx, refund: Refund, payment: Payment, reason: string): Promise<void> {
  const a = await accounts(tx, refund, payment);
  const shares = refundShares(refund, payment);
  await post(tx, refund, payment, {
    suffix: ":failed",
    kind: "refund_reversal",
    description: `Refund failed at the bank: ${reason}`,
    moves: [
      { from: a.inFlight.id, to: a.wallet.id, amount: shares.wallet },
      { from: a.inFlight.id, to: a.feeRevenue.id, amount: shares.fee },
    ],
  });
}

/** Who hears of it: the key pair the payment was made through, else the keys linked to the wallet it credited (as charge.success). */
export async function paymentKeyPairIds(tx: DbOrTx, payment: Payment): Promise<string[]> {
  return payment.keyPairId ? [payment.keyPairId] : walletKeyPairIds(tx, { id: payment.settlementPayIdId, merchantId: payment.merchantId, mode: payment.mode });
}

/** api.md charge.refunded for a wallet payment: its own channel, no static_account object. Amounts in kobo: `amount` the payment's, `refunded_amount` this refund's (supplement §10). */
export function walletChargeRefundedData(refund: Refund, payment: Payment): Record<string, unknown> {
  const completedAt = refund.completedAt!.toISOString();
  return {
    reference: payment.reference,
    merchant_reference: payment.merchantReference ?? null,
    amount: payment.amount,
    refunded_amount: refund.amount,
    currency: refund.currency,
    status: "refunded",
    channel: payment.channel,
    refund: { id: refund.id, reason: refund.reason, requested_at: refund.requestedAt.toISOString(), completed_at: completedAt },
    payer: payment.payer ?? { name: null },
    refunded_at: completedAt,
  };
}

function payerSuffix(p: Payment): string {
  const name = (p.payer as { name?: string | null } | null)?.name ?? p.customerName;
  return name ? ` for ${name}` : "";
}
