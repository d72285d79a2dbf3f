import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import {
  checkoutSessions,
  dynamicPayIds,
  payments,
  sessionEvents,
  staticPayIds,
  virtualAccounts,
  type CheckoutSession,
  type Invoice,
  type LineItem,
  type Mode,
  type PayId,
  type PaymentDestinationKind,
} from "@/db/schema";
import { emitEvents } from "@/lib/events/emit-event";
import { collectionFee, type Channel } from "@/lib/fees/collection-fee";
import { prefixedId } from "@/lib/ids";
import type { InvoiceActor } from "@/lib/invoices/invoice-events";
import { applyInvoicePayment, invoicePaymentFields, lockPayableInvoice } from "@/lib/invoices/invoice-payment";
import { platformAccount, walletAccountFor } from "@/lib/ledger/accounts";
import { postEntry } from "@/lib/ledger/post-entry";
import { expireDynamicPayIdIfDue } from "@/lib/payids/expire-dynamic-payid";
import { expireSessionIfDue } from "@/lib/sessions/expire-session";
import { expireVirtualAccountIfDue } from "@/lib/virtual-accounts/expire-virtual-account";
import { amountAccepted } from "./amount-validation";
import { destinationClosed, amountRejected } from "@/lib/destination-errors";
import { walletKeyPairIds } from "@/lib/wallets/wallet-key-pairs";

export type Payer = {
  name?: string | null;
  bank?: string | null;
  account?: string | null;
  card?: { masked_pan: string; card_type: string };
  crypto?: { asset: string; network: string; amount: string };
};

/**
 * Where inbound money lands. A PayID (wallet, static or dynamic, by its `pay_ids` row), a
 * virtual account (by the number the payer sent to), or a session paid on its hosted page by
 * card or crypto.
 */
export type Destination =
  | { kind: "pay_id"; payId: PayId }
  | { kind: "virtual_account"; virtualAccountId: string }
  | { kind: "session"; sessionId: string; channel: "card" | "crypto" };

export type ReceivedPayment = { reference: string; channel: Channel; amount: number; status: "completed"; eventIds: string[]; duplicate: boolean };

/** What the payment is booked against, once its destination has been locked and checked. */
type Target = {
  kind: PaymentDestinationKind;
  merchantId: string;
  mode: Mode;
  settlementPayIdId: string;
  /** The key pair that owns the resource; null for dashboard-made ones and wallets. */
  keyPairId: string | null;
  channel: Channel;
  reference: string;
  payIdId?: string | null;
  staticPayIdId?: string | null;
  dynamicPayIdId?: string | null;
  /** The dynamic PayID's own rule (a session's PayID takes one payment whatever it says). */
  allowMultiplePayments?: boolean;
  virtualAccountId?: string | null;
  session?: CheckoutSession | null;
  /** The invoice whose account or PayID was paid (locked, payable, amount checked). */
  invoice?: Invoice | null;
  /** Events a due date applied while locking the invoice wrote. */
  dueEventIds?: string[];
  label: string;
};

/**
 * The one entry point for inbound money, however it arrives (sandbox, hosted page simulate, a
 * partner's callback). In the caller's transaction it locks the destination (the session
 * first when there is one, always in that order), applies any due expiry, refuses a closed
 * destination or an amount its rule rejects, then books the ledger entry with the collection
 * fee, the `payments` row, the state changes (session completed, single-use PayID or account
 * completed) and `charge.success`. Two payments racing for one session or single-use PayID
 * serialise on its row lock: the second finds it completed and is refused.
 * A `reference` already booked is a duplicate bank notification: nothing happens twice.
 *
 * An account or PayID issued for an invoice (its row has invoice_id) pays the invoice: the
 * invoice is locked first, then the instrument, which stays open for further payments; the
 * invoice's rules and effects live in lib/invoices/invoice-payment.ts. `actor` is who its
 * timeline names (default the paying customer).
 */
export async function receivePayment(
  tx: DbOrTx,
  input: { destination: Destination; amount: number; payer?: Payer; narration?: string | null; reference?: string; actor?: InvoiceActor },
): Promise<ReceivedPayment> {
  if (input.reference) {
    const [seen] = await tx.select({ reference: payments.reference, channel: payments.channel, amount: payments.amount }).from(payments).where(eq(payments.reference, input.reference));
    if (seen) return { reference: seen.reference, channel: seen.channel as Channel, amount: seen.amount, status: "completed", eventIds: [], duplicate: true };
  }
  const target = await lockTarget(tx, input.destination, input.amount, input.reference, input.actor ?? "customer");
  const reference = target.reference;
  const fee = collectionFee(target.channel, input.amount);
  const settlement = { id: target.settlementPayIdId, merchantId: target.merchantId, mode: target.mode };
  const [clearing, wallet, feeRevenue] = await Promise.all([
    platformAccount(tx, target.mode, "bank_clearing"),
    walletAccountFor(tx, settlement),
    platformAccount(tx, target.mode, "fee_revenue"),
  ]);
  const paidAt = new Date();
  const payer = payerFor(target.channel, input.payer);
  const { created } = await postEntry(tx, {
    reference,
    mode: target.mode,
    merchantId: target.merchantId,
    kind: "payment",
    description: `Payment to ${target.label}${payer.name ? ` from ${payer.name}` : ""}`,
    metadata: { channel: target.channel, payer, narration: input.narration ?? null, fee, destination: target.kind },
    moves: [{ from: clearing.id, to: wallet.id, amount: input.amount }, ...(fee > 0 ? [{ from: wallet.id, to: feeRevenue.id, amount: fee }] : [])],
  });
  if (!created) return { reference, channel: target.channel, amount: input.amount, status: "completed", eventIds: [], duplicate: true };

  const session = target.session ?? null;
  await tx.insert(payments).values({
    reference,
    merchantId: target.merchantId,
    mode: target.mode,
    keyPairId: target.keyPairId,
    channel: target.channel,
    amount: input.amount,
    fee,
    destinationKind: target.kind,
    payIdId: target.payIdId ?? null,
    staticPayIdId: target.staticPayIdId ?? null,
    dynamicPayIdId: target.dynamicPayIdId ?? null,
    virtualAccountId: target.virtualAccountId ?? null,
    sessionId: session?.id ?? null,
    settlementPayIdId: target.settlementPayIdId,
    merchantReference: session?.merchantReference ?? null,
    customerEmail: session?.customerEmail ?? null,
    customerName: session?.customerName ?? null,
    payer,
    narration: input.narration ?? null,
    metadata: session?.metadata ?? null,
    paidAt,
    ...(target.invoice ? invoicePaymentFields(target.invoice) : {}),
  });
  await applyCompletion(tx, target, input.amount, reference, paidAt);

  if (target.invoice) {
    const chargeSuccess = chargeSuccessData({ reference, amount: input.amount, channel: target.channel, fee, payer, paidAt });
    const channel = target.channel as "bank_transfer" | "payid";
    const applied = await applyInvoicePayment(tx, target.invoice, { amount: input.amount, channel, reference, payerName: payer.name, paidAt, actor: input.actor ?? "customer", chargeSuccess });
    const eventIds = [...(target.dueEventIds ?? []), ...applied.eventIds];
    return { reference, channel: target.channel, amount: input.amount, status: "completed", eventIds, duplicate: false };
  }

  const keyPairIds = target.keyPairId ? [target.keyPairId] : await walletKeyPairIds(tx, settlement);
  const data = chargeSuccessData({ reference, amount: input.amount, channel: target.channel, fee, payer, paidAt, session });
  const eventIds = await emitEvents(tx, keyPairIds.map((keyPairId) => ({ merchantId: target.merchantId, mode: target.mode, keyPairId, type: "charge.success", data })));
  return { reference, channel: target.channel, amount: input.amount, status: "completed", eventIds, duplicate: false };
}

/** Locks and checks the destination; throws DESTINATION_CLOSED / AMOUNT_REJECTED. */
async function lockTarget(tx: DbOrTx, destination: Destination, amount: number, givenReference: string | undefined, actor: InvoiceActor): Promise<Target> {
  const fresh = () => givenReference ?? prefixedId("payment");
  if (destination.kind === "session") {
    const session = await lockOpenSession(tx, destination.sessionId);
    if (!session.enabledPaymentMethods.includes(destination.channel)) throw destinationClosed(`This session does not offer ${destination.channel} payments.`);
    if (amount !== session.amount) throw amountRejected(`This session takes exactly ${session.amount} kobo.`);
    return sessionTarget(session, destination.channel, {});
  }

  if (destination.kind === "virtual_account") {
    const [peek] = await tx
      .select({ sessionId: virtualAccounts.sessionId, invoiceId: virtualAccounts.invoiceId })
      .from(virtualAccounts)
      .where(eq(virtualAccounts.id, destination.virtualAccountId));
    const session = peek?.sessionId ? await lockOpenSession(tx, peek.sessionId) : null;
    const invoice = peek?.invoiceId ? await lockPayableInvoice(tx, peek.invoiceId, amount, actor) : null;
    const [locked] = await tx.select().from(virtualAccounts).where(eq(virtualAccounts.id, destination.virtualAccountId)).for("update");
    if (!locked) throw destinationClosed("This account does not accept payments.");
    const account = await expireVirtualAccountIfDue(tx, locked);
    if (account.status !== "pending") throw destinationClosed(`This account is ${account.status} and no longer accepts payments.`);
    if (session && session.virtualAccountId !== account.id) throw destinationClosed("This account was retired from its checkout session.");
    if (!amountAccepted(account.amountValidation, account.amount, amount)) throw amountRejected("The bank refused this amount for this account.");
    if (session) return sessionTarget(session, "bank_transfer", { virtualAccountId: account.id });
    if (invoice) return invoiceTarget(invoice, "bank_transfer", fresh(), { virtualAccountId: account.id });
    return {
      kind: "virtual_account",
      merchantId: account.merchantId,
      mode: account.mode,
      settlementPayIdId: account.settlementPayIdId,
      keyPairId: account.keyPairId,
      channel: "bank_transfer",
      reference: givenReference ?? account.reference,
      virtualAccountId: account.id,
      label: `account ${account.accountNumber}`,
    };
  }

  const { payId } = destination;
  if (payId.kind === "wallet") {
    if (!payId.isActive) throw destinationClosed("This PayID no longer accepts payments.");
    return { kind: "wallet", merchantId: payId.merchantId, mode: payId.mode, settlementPayIdId: payId.id, keyPairId: null, channel: "payid", reference: fresh(), payIdId: payId.id, label: `@${payId.payId}` };
  }
  if (payId.kind === "static") {
    const [row] = await tx.select().from(staticPayIds).where(eq(staticPayIds.payIdId, payId.id)).for("share");
    if (!row || !row.isActive) throw destinationClosed("This PayID is inactive and no longer accepts payments.");
    return {
      kind: "static_payid",
      merchantId: row.merchantId,
      mode: row.mode,
      settlementPayIdId: row.settlementPayIdId,
      keyPairId: row.keyPairId,
      channel: "payid",
      reference: fresh(),
      payIdId: payId.id,
      staticPayIdId: row.id,
      label: payId.payId,
    };
  }
  // Dynamic PayID, standalone or a session's.
  const [peek] = await tx
    .select({ sessionId: dynamicPayIds.sessionId, invoiceId: dynamicPayIds.invoiceId })
    .from(dynamicPayIds)
    .where(eq(dynamicPayIds.payIdId, payId.id));
  const session = peek?.sessionId ? await lockOpenSession(tx, peek.sessionId) : null;
  const invoice = peek?.invoiceId ? await lockPayableInvoice(tx, peek.invoiceId, amount, actor) : null;
  const [locked] = await tx.select().from(dynamicPayIds).where(eq(dynamicPayIds.payIdId, payId.id)).for("update");
  if (!locked) throw destinationClosed("This PayID does not accept payments.");
  const row = await expireDynamicPayIdIfDue(tx, locked);
  if (row.status !== "active") throw destinationClosed(`This PayID is ${row.status} and no longer accepts payments.`);
  if (session && session.dynamicPayIdId !== row.id) throw destinationClosed("This PayID was retired from its checkout session.");
  if (!amountAccepted(row.amountValidation, row.amount, amount)) throw amountRejected("This amount is not accepted by the PayID's amount rule.");
  if (session) return sessionTarget(session, "payid", { payIdId: payId.id, dynamicPayIdId: row.id });
  if (invoice) return invoiceTarget(invoice, "payid", fresh(), { payIdId: payId.id, dynamicPayIdId: row.id });
  return {
    kind: "dynamic_payid",
    merchantId: row.merchantId,
    mode: row.mode,
    settlementPayIdId: row.settlementPayIdId,
    keyPairId: row.keyPairId,
    channel: "payid",
    reference: fresh(),
    payIdId: payId.id,
    dynamicPayIdId: row.id,
    allowMultiplePayments: row.allowMultiplePayments,
    label: payId.payId,
  };
}

async function lockOpenSession(tx: DbOrTx, sessionId: string): Promise<CheckoutSession> {
  const [locked] = await tx.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId)).for("update");
  if (!locked) throw destinationClosed("This checkout session does not exist.");
  const session = await expireSessionIfDue(tx, locked);
  if (session.status !== "active") throw destinationClosed(`This checkout session is ${session.status} and no longer accepts payments.`);
  return session;
}

function sessionTarget(session: CheckoutSession, channel: Channel, ids: { payIdId?: string; dynamicPayIdId?: string; virtualAccountId?: string }): Target {
  return {
    kind: "session",
    merchantId: session.merchantId,
    mode: session.mode,
    settlementPayIdId: session.settlementPayIdId,
    keyPairId: session.keyPairId,
    channel,
    // One payment completes a session: its reference makes a second booking impossible.
    reference: session.reference,
    session,
    label: `checkout ${session.reference}`,
    ...ids,
  };
}

/**
 * A payment into an invoice's account or PayID: booked against the invoice (its customer,
 * reference and key pair); the instrument takes further payments until the invoice is paid.
 */
function invoiceTarget(
  locked: { invoice: Invoice; eventIds: string[] },
  channel: "bank_transfer" | "payid",
  reference: string,
  ids: { payIdId?: string; dynamicPayIdId?: string; virtualAccountId?: string },
): Target {
  const { invoice } = locked;
  return {
    kind: "invoice",
    merchantId: invoice.merchantId,
    mode: invoice.mode,
    settlementPayIdId: invoice.settlementPayIdId,
    keyPairId: invoice.keyPairId,
    channel,
    reference,
    allowMultiplePayments: true,
    invoice,
    dueEventIds: locked.eventIds,
    label: `invoice ${invoice.invoiceNumber}`,
    ...ids,
  };
}

/** State changes a booked payment causes, on the rows lockTarget holds. */
async function applyCompletion(tx: DbOrTx, target: Target, amount: number, reference: string, paidAt: Date) {
  // An invoice's account stays open for the next payment (the invoice retires it once paid).
  if (target.virtualAccountId && !target.invoice) {
    await tx.update(virtualAccounts).set({ status: "completed", completedAt: paidAt }).where(eq(virtualAccounts.id, target.virtualAccountId));
  }
  if (target.dynamicPayIdId) {
    // lockTarget holds the row: the counters move in place, no second read.
    const single = !target.allowMultiplePayments || target.session;
    await tx
      .update(dynamicPayIds)
      .set({
        paymentCount: sql`${dynamicPayIds.paymentCount} + 1`,
        amountReceived: sql`${dynamicPayIds.amountReceived} + ${amount}`,
        ...(single ? { status: "completed" as const, completedAt: paidAt } : {}),
      })
      .where(eq(dynamicPayIds.id, target.dynamicPayIdId));
  }
  if (target.session) {
    await tx
      .update(checkoutSessions)
      .set({ status: "completed", paidAt, paymentReference: reference, paymentMethod: target.channel })
      .where(and(eq(checkoutSessions.id, target.session.id), eq(checkoutSessions.status, "active")));
    await tx.insert(sessionEvents).values({ sessionId: target.session.id, type: "paid", data: { channel: target.channel, amount, reference } });
  }
}

/** api.md payer by channel: payid name only; bank_transfer name, bank, account; card/crypto name plus theirs. */
function payerFor(channel: Channel, p: Payer | undefined): Record<string, unknown> & { name: string | null } {
  const name = p?.name ?? null;
  switch (channel) {
    case "payid":
      return { name };
    case "card":
      return { name, card: p?.card ?? null };
    case "crypto":
      return { name, crypto: p?.crypto ?? null };
    default:
      return { name, bank: p?.bank ?? null, account: p?.account ?? null };
  }
}

/** api.md charge.success; the payer's shape depends on the channel (payid: name only, no fees). */
export function chargeSuccessData(p: {
  reference: string;
  amount: number;
  channel: Channel;
  fee: number;
  payer?: Payer | Record<string, unknown>;
  paidAt: Date;
  session?: CheckoutSession | null;
}) {
  const payer = payerFor(p.channel, p.payer as Payer | undefined);
  const s = p.session ?? null;
  return {
    reference: p.reference,
    merchant_reference: s?.merchantReference ?? null,
    amount: p.amount,
    currency: s?.currency ?? "NGN",
    status: "completed",
    channel: p.channel,
    customer: { email: s?.customerEmail ?? null, name: s ? (s.customerName ?? null) : payer.name },
    metadata: s?.metadata ?? null,
    line_items: (s?.lineItems as LineItem[] | null | undefined) ?? null,
    paid_at: p.paidAt.toISOString(),
    ...(p.channel === "payid" ? {} : { fees: p.fee }),
    payer,
    ...(s ? { session_id: s.id } : {}),
  };
}
