import type { DbOrTx } from "@/db/client";
import type { CheckoutSession, Mode, PayId, PaymentDestinationKind, payments } from "@/db/schema";
import type { Channel } from "@/lib/fees/collection-fee";

/**
 * Where inbound money lands. A PayID (wallet, static or dynamic, by its `pay_ids` row), a
 * virtual account (by the number the payer sent to), a session paid on its hosted page by
 * card or crypto, or a static NGN account (`sessionId`: the bank-side session id).
 */
export type Destination =
  | { kind: "pay_id"; payId: PayId }
  | { kind: "virtual_account"; virtualAccountId: string }
  | { kind: "session"; sessionId: string; channel: "card" | "crypto" }
  | { kind: "static_account"; staticAccountId: string; sessionId?: string | null };

export type ReceivedPayment = {
  reference: string;
  channel: Channel;
  amount: number;
  status: "completed";
  eventIds: string[];
  duplicate: boolean;
  /** A static account's static_account_payments row (null on a duplicate); absent for other destinations. */
  paymentId?: string | null;
};

/** The payment as booked, for the destination's state changes and events. */
export type Paid = {
  reference: string;
  amount: number;
  fee: number;
  payer: Record<string, unknown> & { name: string | null };
  narration: string | null;
  paidAt: Date;
};

/** The instrument ids a payments row links. */
export type InstrumentIds = { payIdId?: string; staticPayIdId?: string; dynamicPayIdId?: string; virtualAccountId?: string };

/** What a payment is booked against, once its destination has been locked and checked. */
export type Booking = {
  kind: PaymentDestinationKind;
  merchantId: string;
  mode: Mode;
  settlementPayIdId: string;
  /** The key pair that owns the resource; null for dashboard-made ones and wallets. */
  keyPairId: string | null;
  channel: Channel;
  reference: string;
  /** "Payment to …" in the ledger. */
  label: string;
  /** The account the money lands in: the settlement wallet, or (static accounts) pending_settlement until the cutoff. */
  credit: "wallet" | "pending_settlement";
  /** The payments row's links and copies: instrument ids, the session's, invoice's or account's reference, customer and metadata. */
  row: Partial<typeof payments.$inferInsert>;
  /** More for the ledger entry's metadata. */
  ledgerMetadata?: Record<string, unknown>;
  /** The session paid (its customer, reference and metadata go into charge.success). */
  session?: CheckoutSession;
  /**
   * Its own state changes and events once booked, when not the usual charge.success to the
   * owning key (else to the keys linked to the settlement wallet).
   */
  events?: (tx: DbOrTx, paid: Paid) => Promise<{ eventIds: string[]; paymentId?: string }>;
};
