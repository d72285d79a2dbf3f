import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { staticAccountPayments, staticAccounts, type StaticAccount } from "@/db/schema";
import { expectedPayoutAt } from "@/lib/settlement/cutoff-schedule";

/**
 * A static NGN account as a destination of inbound money (lib/payments/receive-instruments.ts
 * plugs it in). Accounts are reusable: every payment books, into the merchant's
 * pending_settlement until its cutoff.
 */

export type StaticPayer = { name: string | null; bank: string | null; account: string | null };

/** Finds and locks the account row (FOR UPDATE: payments to one account queue on it). */
export async function lockStaticAccount(tx: DbOrTx, id: string): Promise<StaticAccount | undefined> {
  const [row] = await tx.select().from(staticAccounts).where(eq(staticAccounts.id, id)).for("update");
  return row;
}

/** Disabled, suspended and deleted accounts take nothing, as the bank would reject the transfer. */
export const staticAccountClosedReason = (a: StaticAccount): string | null =>
  a.status === "active" ? null : `This account is ${a.status} and does not accept payments.`;

/**
 * What a booked payment does to its (locked) account: the counters as increments, and its
 * static_account_payments row (pending_settlement until its cutoff). Returns that row's id.
 */
export async function recordStaticAccountPayment(
  tx: DbOrTx,
  account: StaticAccount,
  p: { reference: string; amount: number; fee: number; payer: StaticPayer; narration: string | null; sessionId: string | null; receivedAt: Date },
): Promise<string> {
  await tx
    .update(staticAccounts)
    .set({
      inflowCount: sql`${staticAccounts.inflowCount} + 1`,
      totalReceived: sql`${staticAccounts.totalReceived} + ${p.amount}`,
      lastPaymentAt: p.receivedAt,
      updatedAt: p.receivedAt,
    })
    .where(eq(staticAccounts.id, account.id));
  const [row] = await tx
    .insert(staticAccountPayments)
    .values({
      staticAccountId: account.id,
      merchantId: account.merchantId,
      mode: account.mode,
      reference: p.reference,
      amount: p.amount,
      fee: p.fee,
      status: "completed",
      payer: p.payer,
      narration: p.narration,
      sessionId: p.sessionId,
      receivedAt: p.receivedAt,
      bookedAt: p.receivedAt,
      settlementStatus: "pending_settlement",
      expectedPayoutAt: expectedPayoutAt(p.receivedAt),
    })
    .returning({ id: staticAccountPayments.id });
  return row!.id;
}

/** api.md charge.success on the static account channel: no session; customer and metadata from the account. */
export function staticChargeSuccessData(p: {
  account: StaticAccount;
  reference: string;
  amount: number;
  fee: number;
  payer: StaticPayer;
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
