import type { DbOrTx } from "@/db/client";
import type { AmountValidation, CheckoutSession, DynamicPayId, PayId, StaticAccount, StaticPayId, VirtualAccount } from "@/db/schema";
import type { Channel } from "@/lib/fees/collection-fee";
import { dynamicPayIdOwners, countDynamicPayIdPayment, lockDynamicPayId, lockStaticPayId } from "@/lib/payids/payid-destination";
import { expireDynamicPayIdIfDue } from "@/lib/payids/expire-dynamic-payid";
import { expireSessionIfDue } from "@/lib/sessions/expire-session";
import { completeSession, lockSession, sessionClosedReason } from "@/lib/sessions/session-destination";
import { lockStaticAccount, staticAccountClosedReason } from "@/lib/static-accounts/static-account-destination";
import { completeVirtualAccount, lockVirtualAccount, virtualAccountOwners } from "@/lib/virtual-accounts/virtual-account-destination";
import { expireVirtualAccountIfDue } from "@/lib/virtual-accounts/expire-virtual-account";
import { fresh, own, sessionBooking, staticAccountBooking } from "./bookings";
import type { Booking, Destination, InstrumentIds } from "./payment-destination";

/** Who a payment into an instrument is for: the instrument itself, the session that issued it, or the invoice. */
export type Owner = "own" | "session" | "invoice";

/**
 * One row per kind of instrument inbound money can reach. The receive step
 * (lib/payments/receive-payment.ts → holdDestination) runs every row the same way: lock the
 * session or invoice it was issued for (in that order), find and lock its row, apply its
 * expiry, refuse it when closed or when its amount rule refuses the amount, then book what
 * the row says (its own booking, or its session's or invoice's) and let it complete.
 */
export type Instrument<D extends Destination, R> = {
  /** The session or invoice it was issued for, locked before it. */
  owners?: (tx: DbOrTx, d: D) => Promise<{ sessionId: string | null; invoiceId: string | null } | undefined>;
  /** Finds and locks its row. */
  lock: (tx: DbOrTx, d: D) => Promise<R | undefined>;
  /** DESTINATION_CLOSED when there is no row. */
  missing: string;
  /** Its expiry rule: a passed expires_at is applied before it is judged. */
  expire?: (tx: DbOrTx, row: R) => Promise<R>;
  /** Why it takes no money now (its status; a session paid directly: the channel it does not offer), or null. */
  closed: (row: R, d?: D) => string | null;
  /** For one a session issued: whether the session still holds this one, and the refusal when not. */
  heldBySession?: { holds: (s: CheckoutSession, row: R) => boolean; refusal: string };
  /** Its amount rule (api.md A0–A5; none: any amount) and the AMOUNT_REJECTED message. */
  amount?: (row: R) => { rule: AmountValidation; expected: number | null; refusal: string };
  /** The channel and payments-row ids when it is booked for its session or invoice. */
  channel: Channel;
  ids: (row: R, d: D) => InstrumentIds;
  /** What it books when the payment is its own. */
  book: (tx: DbOrTx, row: R, d: D, reference: string | undefined) => Promise<Booking>;
  /** What a booked payment does to it, whoever the payment is for. */
  complete?: (tx: DbOrTx, row: R, p: { amount: number; paidAt: Date; owner: Owner; channel: Channel; reference: string }) => Promise<void>;
};

type PayIdDestination = Extract<Destination, { kind: "pay_id" }>;

const session: Instrument<Extract<Destination, { kind: "session" }>, CheckoutSession> = {
  lock: (tx, d) => lockSession(tx, d.sessionId),
  missing: "This checkout session does not exist.",
  expire: expireSessionIfDue,
  closed: (s, d) => sessionClosedReason(s) ?? (!d || s.enabledPaymentMethods.includes(d.channel) ? null : `This session does not offer ${d.channel} payments.`),
  amount: (s) => ({ rule: "A0", expected: s.amount, refusal: `This session takes exactly ${s.amount} kobo.` }),
  channel: "card",
  ids: () => ({}),
  book: async (_tx, s, d) => sessionBooking(s, d.channel, {}),
  complete: (tx, s, p) => completeSession(tx, s, p),
};

const walletPayId: Instrument<PayIdDestination, PayId> = {
  lock: async (_tx, d) => d.payId,
  missing: "This PayID no longer accepts payments.",
  closed: (p) => (p.isActive ? null : "This PayID no longer accepts payments."),
  channel: "payid",
  ids: (p) => ({ payIdId: p.id }),
  book: async (_tx, p, _d, reference) =>
    own({
      kind: "wallet",
      merchantId: p.merchantId,
      mode: p.mode,
      settlementPayIdId: p.id,
      keyPairId: null,
      channel: "payid",
      reference: fresh(reference),
      label: `@${p.payId}`,
      row: { payIdId: p.id },
    }),
};

const staticPayId: Instrument<PayIdDestination, StaticPayId> = {
  lock: (tx, d) => lockStaticPayId(tx, d.payId.id),
  missing: "This PayID is inactive and no longer accepts payments.",
  closed: (row) => (row.isActive ? null : "This PayID is inactive and no longer accepts payments."),
  channel: "payid",
  ids: (row, d) => ({ payIdId: d.payId.id, staticPayIdId: row.id }),
  book: async (_tx, row, d, reference) =>
    own({
      kind: "static_payid",
      merchantId: row.merchantId,
      mode: row.mode,
      settlementPayIdId: row.settlementPayIdId,
      keyPairId: row.keyPairId,
      channel: "payid",
      reference: fresh(reference),
      label: d.payId.payId,
      row: { payIdId: d.payId.id, staticPayIdId: row.id },
    }),
};

const dynamicPayId: Instrument<PayIdDestination, DynamicPayId> = {
  owners: (tx, d) => dynamicPayIdOwners(tx, d.payId.id),
  lock: (tx, d) => lockDynamicPayId(tx, d.payId.id),
  missing: "This PayID does not accept payments.",
  expire: expireDynamicPayIdIfDue,
  closed: (row) => (row.status === "active" ? null : `This PayID is ${row.status} and no longer accepts payments.`),
  heldBySession: { holds: (s, row) => s.dynamicPayIdId === row.id, refusal: "This PayID was retired from its checkout session." },
  amount: (row) => ({ rule: row.amountValidation, expected: row.amount, refusal: "This amount is not accepted by the PayID's amount rule." }),
  channel: "payid",
  ids: (row, d) => ({ payIdId: d.payId.id, dynamicPayIdId: row.id }),
  book: async (_tx, row, d, reference) =>
    own({
      kind: "dynamic_payid",
      merchantId: row.merchantId,
      mode: row.mode,
      settlementPayIdId: row.settlementPayIdId,
      keyPairId: row.keyPairId,
      channel: "payid",
      reference: fresh(reference),
      label: d.payId.payId,
      row: { payIdId: d.payId.id, dynamicPayIdId: row.id },
    }),
  // A session's PayID takes one payment whatever it says; an invoice's stays open until the invoice is paid.
  complete: (tx, row, p) =>
    countDynamicPayIdPayment(tx, row.id, {
      amount: p.amount,
      paidAt: p.paidAt,
      singleUse: p.owner === "session" || (p.owner === "own" && !row.allowMultiplePayments),
    }),
};

const virtualAccount: Instrument<Extract<Destination, { kind: "virtual_account" }>, VirtualAccount> = {
  owners: (tx, d) => virtualAccountOwners(tx, d.virtualAccountId),
  lock: (tx, d) => lockVirtualAccount(tx, d.virtualAccountId),
  missing: "This account does not accept payments.",
  expire: expireVirtualAccountIfDue,
  closed: (a) => (a.status === "pending" ? null : `This account is ${a.status} and no longer accepts payments.`),
  heldBySession: { holds: (s, a) => s.virtualAccountId === a.id, refusal: "This account was retired from its checkout session." },
  amount: (a) => ({ rule: a.amountValidation, expected: a.amount, refusal: "The bank refused this amount for this account." }),
  channel: "bank_transfer",
  ids: (a) => ({ virtualAccountId: a.id }),
  book: async (_tx, a, _d, reference) =>
    own({
      kind: "virtual_account",
      merchantId: a.merchantId,
      mode: a.mode,
      settlementPayIdId: a.settlementPayIdId,
      keyPairId: a.keyPairId,
      channel: "bank_transfer",
      reference: reference ?? a.reference,
      label: `account ${a.accountNumber}`,
      row: { virtualAccountId: a.id },
    }),
  // An invoice's account stays open for the next payment (the invoice retires it once paid).
  complete: async (tx, a, p) => (p.owner === "invoice" ? undefined : completeVirtualAccount(tx, a.id, p.paidAt)),
};

const staticAccount: Instrument<Extract<Destination, { kind: "static_account" }>, StaticAccount> = {
  lock: (tx, d) => lockStaticAccount(tx, d.staticAccountId),
  missing: "This account does not accept payments.",
  closed: staticAccountClosedReason,
  channel: "static_account",
  ids: () => ({}),
  // Into the merchant's pending_settlement until its cutoff (bookings.ts staticAccountBooking).
  book: (tx, account, d, reference) => staticAccountBooking(tx, account, { reference: fresh(reference), sessionId: d.sessionId ?? null }),
};

/** The table: every instrument inbound money can reach, by kind. */
export const INSTRUMENTS = {
  session,
  wallet: walletPayId,
  static_payid: staticPayId,
  dynamic_payid: dynamicPayId,
  virtual_account: virtualAccount,
  static_account: staticAccount,
};
