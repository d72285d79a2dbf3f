import { eq, sql } from "drizzle-orm";
import { accountKeyPairIds } from "@/lib/wallets/wallet-key-pairs";
import type { DbOrTx } from "@/db/client";
import { payments, staticAccountPayments, staticAccounts, type StaticAccount } from "@/db/schema";
import { emitEvents } from "@/lib/events/emit-event";
import { collectionFee } from "@/lib/fees/collection-fee";
import { prefixedId } from "@/lib/ids";
import { platformAccount } from "@/lib/ledger/accounts";
import { postEntry } from "@/lib/ledger/post-entry";
import { getWalletPayId } from "@/lib/payids/find-pay-id";
import { destinationClosed } from "@/lib/destination-errors";
import { expectedPayoutAt } from "@/lib/settlement/cutoff-schedule";
import { pendingSettlementAccount } from "@/lib/ledger/pending-settlement";

export type StaticPayer = { name?: string | null; bank?: string | null; account?: string | null };

export type ReceiveStaticAccountPaymentInput = {
  accountId: string;
  /** Kobo. */
  amount: number;
  payer?: StaticPayer;
  narration?: string | null;
  /** The bank-side session id. */
  sessionId?: string | null;
  /** The bank's transaction reference; a repeat of a booked one books nothing. */
  reference?: string;
};

export type ReceivedStaticPayment = {
  reference: string;
  channel: "static_account";
  amount: number;
  status: "completed";
  eventIds: string[];
  duplicate: boolean;
  /** The static_account_payments row's id (null on a duplicate). */
  paymentId: string | null;
};

/**
 * A transfer into a static NGN account, in the caller's transaction. The account row is
 * locked first (payments to one account queue on it; accounts are reusable, so every one
 * books) and must be `active`: disabled, suspended and deleted accounts answer
 * DESTINATION_CLOSED, as the bank would reject the transfer. Then: the ledger entry
 * (bank_clearing → the merchant's pending_settlement gross, pending_settlement → fee_revenue
 * the 0.5% fee capped at ₦1,000), the account's counters as increments, the `payments` row,
 * the static_account_payments row (pending_settlement until its cutoff) and charge.success to
 * the key pair that created the account (else the keys linked to the merchant's wallet).
 */
export async function receiveStaticAccountPayment(tx: DbOrTx, input: ReceiveStaticAccountPaymentInput): Promise<ReceivedStaticPayment> {
  const duplicate = (reference: string): ReceivedStaticPayment => ({
    reference,
    channel: "static_account",
    amount: input.amount,
    status: "completed",
    eventIds: [],
    duplicate: true,
    paymentId: null,
  });
  if (input.reference) {
    const [seen] = await tx.select({ reference: payments.reference }).from(payments).where(eq(payments.reference, input.reference));
    if (seen) return duplicate(seen.reference);
  }
  const [account] = await tx.select().from(staticAccounts).where(eq(staticAccounts.id, input.accountId)).for("update");
  if (!account) throw destinationClosed("This account does not accept payments.");
  if (account.status !== "active") throw destinationClosed(`This account is ${account.status} and does not accept payments.`);

  const wallet = await getWalletPayId(tx, { merchantId: account.merchantId, mode: account.mode });
  if (!wallet) throw new Error(`Merchant ${account.merchantId} has no ${account.mode} wallet PayID`);
  const reference = input.reference ?? prefixedId("payment");
  const fee = collectionFee("static_account", input.amount);
  const payer = { name: input.payer?.name ?? null, bank: input.payer?.bank ?? null, account: input.payer?.account ?? null };
  const narration = input.narration ?? null;
  const sessionId = input.sessionId ?? null;
  const [clearing, pending, feeRevenue] = await Promise.all([
    platformAccount(tx, account.mode, "bank_clearing"),
    pendingSettlementAccount(tx, { merchantId: account.merchantId, mode: account.mode }),
    platformAccount(tx, account.mode, "fee_revenue"),
  ]);
  const { created } = await postEntry(tx, {
    reference,
    mode: account.mode,
    merchantId: account.merchantId,
    kind: "payment",
    description: `Payment to static account ${account.accountNumber}${payer.name ? ` from ${payer.name}` : ""}`,
    metadata: { channel: "static_account", payer, narration, fee, destination: "static_account", static_account_id: account.id, session_id: sessionId },
    moves: [{ from: clearing.id, to: pending.id, amount: input.amount }, ...(fee > 0 ? [{ from: pending.id, to: feeRevenue.id, amount: fee }] : [])],
  });
  if (!created) return duplicate(reference);

  const receivedAt = new Date();
  await tx
    .update(staticAccounts)
    .set({
      inflowCount: sql`${staticAccounts.inflowCount} + 1`,
      totalReceived: sql`${staticAccounts.totalReceived} + ${input.amount}`,
      lastPaymentAt: receivedAt,
      updatedAt: receivedAt,
    })
    .where(eq(staticAccounts.id, account.id));
  await tx.insert(payments).values({
    reference,
    merchantId: account.merchantId,
    mode: account.mode,
    keyPairId: account.keyPairId,
    channel: "static_account",
    amount: input.amount,
    fee,
    destinationKind: "static_account",
    settlementPayIdId: wallet.id,
    merchantReference: account.reference,
    customerEmail: account.customerEmail,
    customerName: account.customerName,
    payer,
    narration,
    metadata: account.metadata ?? null,
    paidAt: receivedAt,
  });
  const [row] = await tx
    .insert(staticAccountPayments)
    .values({
      staticAccountId: account.id,
      merchantId: account.merchantId,
      mode: account.mode,
      reference,
      amount: input.amount,
      fee,
      status: "completed",
      payer,
      narration,
      sessionId,
      receivedAt,
      bookedAt: receivedAt,
      settlementStatus: "pending_settlement",
      expectedPayoutAt: expectedPayoutAt(receivedAt),
    })
    .returning({ id: staticAccountPayments.id });

  const keyPairIds = await accountKeyPairIds(tx, account, wallet);
  const data = staticChargeSuccessData({ account, reference, amount: input.amount, fee, payer, narration, sessionId, paidAt: receivedAt });
  const eventIds = await emitEvents(tx, keyPairIds.map((keyPairId) => ({ merchantId: account.merchantId, mode: account.mode, keyPairId, type: "charge.success", data })));
  return { reference, channel: "static_account", amount: input.amount, status: "completed", eventIds, duplicate: false, paymentId: row!.id };
}

/** api.md charge.success on the static account channel: no session; customer and metadata from the account. */
export function staticChargeSuccessData(p: {
  account: StaticAccount;
  reference: string;
  amount: number;
  fee: number;
  payer: { name: string | null; bank: string | null; account: string | null };
  narration: string | null;
  sessionId: string | null;
  paidAt: Date;
}) {
  const a = p.account;
  return {
    reference: p.reference,
    merchant_reference: a.reference,
    amount: p.amount,
    currency: a.currency,
    status: "completed",
    channel: "static_account",
    customer: { email: a.customerEmail, name: a.customerName },
    metadata: a.metadata ?? null,
    line_items: null,
    paid_at: p.paidAt.toISOString(),
    fees: p.fee,
    net_amount: p.amount - p.fee,
    static_account: {
      id: a.id,
      account_number: a.accountNumber,
      account_name: a.accountName,
      bank_name: a.bankName,
      reference: a.reference,
      customer_name: a.customerName,
    },
    payer: p.payer,
    narration: p.narration,
    session_id: p.sessionId,
  };
}
