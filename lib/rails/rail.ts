/**
 * A rail: an adapter to a licensed provider that holds the money and reaches the banks
 * (supplement §11). Every rail implements the bank port (`BankProvider`: what Owo asks of
 * any bank) plus what a real provider adds: its webhooks, the API check of an inbound
 * payment before anything is booked, its balance and what it can do.
 *
 * Amounts are integer kobo on this side of the interface, always; each rail converts to its
 * provider's unit (Paystack kobo; Monnify and Flutterwave naira with two decimals) in
 * `lib/rails/units.ts`.
 */
import type { BankProvider } from "@/lib/bank/provider";

export const RAIL_NAMES = ["sandbox", "paystack", "monnify", "flutterwave"] as const;
export type RailName = (typeof RAIL_NAMES)[number];
/** The rails that are real providers (each has a webhook route and a simulator). */
export const PROVIDER_RAILS = ["paystack", "monnify", "flutterwave"] as const;
export type ProviderRailName = (typeof PROVIDER_RAILS)[number];

/** What a rail can do; the router only sends it operations it offers. */
export type RailCapabilities = {
  /** Permanent account numbers for one customer (Paystack dedicated, Monnify reserved, Flutterwave permanent). */
  staticAccounts: boolean;
  /** One-off bank-transfer accounts with an amount and an expiry (sessions, virtual accounts). */
  virtualAccounts: boolean;
  /** The provider can close an issued one-off account before it expires. */
  retireAccounts: boolean;
  nameEnquiry: boolean;
  transfers: boolean;
  /** The provider has a refund API for payments it collected (else: a payout to the payer). */
  refunds: boolean;
  /** BVN / NIN check of a name. */
  identityCheck: boolean;
  /** The provider's balance can be read. */
  balance: boolean;
};

/**
 * A bank a rail can issue accounts at. `provider` is the partner key sessions and virtual
 * accounts store (api.md `provider`): `<rail>:<the provider's own bank slug or code>`, so the
 * key alone names the rail to ask.
 */
export type RailBank = { provider: string; bankName: string; bankCode: string };

/** The payer of an inbound payment as the provider reports them. */
export type RailPayer = { name: string | null; bank: string | null; account: string | null };

/**
 * An inbound payment as the provider's API reports it (never as a webhook claims it): the
 * amount the customer paid (kobo), the provider's fee (kobo, null when not reported), and
 * the account it reached.
 */
export type RailInbound = {
  status: "success" | "pending" | "failed";
  /** The provider's own reference of the transaction (what its verify endpoint takes). */
  providerReference: string;
  /** Kobo paid by the customer. */
  amount: number;
  /** Kobo the provider kept as its fee; null when it does not say. */
  fee: number | null;
  /** The account number the money was paid into (dedicated / reserved / virtual account). */
  accountNumber: string | null;
  /** Owo's reference of that account when the provider carries it (Monnify accountReference, Flutterwave tx_ref, Paystack charge reference). */
  accountReference: string | null;
  payer: RailPayer;
  /** The NIP session id, when the provider reports it. */
  sessionId: string | null;
  paidAt: Date | null;
};

/**
 * What a verified webhook delivery says, normalised. Nothing in it is trusted for money:
 * an inbound notice is checked with `verifyInbound(lookup)`, a transfer notice with
 * `getTransferStatus(reference)`.
 */
export type RailNotice =
  /** Money may have arrived: ask the API about `lookup` (the provider's transaction reference or id). */
  | { kind: "inbound"; dedupeKey: string; lookup: string }
  /** A transfer we sent may have moved: ask the API about Owo's `reference`. */
  | { kind: "transfer"; dedupeKey: string; reference: string }
  /** Verified, but nothing Owo acts on (another event type). */
  | { kind: "ignored"; dedupeKey: string; reason: string };

export interface Rail extends BankProvider {
  readonly name: RailName;
  readonly capabilities: RailCapabilities;
  /** Banks the rail issues static and one-off accounts at (a session's `banks`). */
  issueBanks(): RailBank[];
  /**
   * True when `rawBody` carries the provider's signature in `headers`, exactly as the
   * provider documents it (over the raw bytes received, never a re-encoding).
   */
  verifySignature(rawBody: string, headers: Headers): boolean;
  /** A verified delivery's notice; throws on a body that is not the provider's shape. */
  parseNotice(rawBody: string): RailNotice;
  /** The provider's API about one inbound transaction; null when it has no such transaction. */
  verifyInbound(lookup: string): Promise<RailInbound | null>;
  /**
   * Owo's reference of a payout or refund as this provider takes it (its reference format:
   * Paystack lowercase, 16–50 characters of a–z, 0–9, - and _). Deterministic: a transfer
   * notice carries this form, and Owo finds the transfer by it.
   */
  providerReference(owoReference: string): string;
  /** Kobo the provider holds for Owo; null when the rail cannot say. */
  balance(): Promise<number | null>;
}

/**
 * One line of a provider's statement for a day, normalised (supplement §12): money in (a
 * collection) or out (a payout), in kobo. `providerReference` is what the provider's API
 * looks the line up by: the transaction reference (Paystack), the transaction reference
 * (Monnify) or the transaction id (Flutterwave) for money in; Owo's reference in the
 * provider's form (`Rail.providerReference`) for a payout.
 */
export type StatementLine = {
  direction: "in" | "out";
  providerReference: string;
  /** Owo's own reference, when the line carries it in Owo's form (a file's column). */
  owoReference: string | null;
  /** The NIP session id. */
  sessionId: string | null;
  status: "success" | "pending" | "failed" | "reversed";
  amount: number;
  /** Kobo the provider kept; null when the line does not say. */
  fee: number | null;
  valueAt: Date | null;
  accountNumber: string | null;
  accountReference: string | null;
  payer: RailPayer | null;
};

/** Where a day's statement is read up to: the part (money in, then out) and the provider's page. */
export type StatementCursor = { part: "in" | "out"; page: number };
export type StatementPage = { lines: StatementLine[]; next: StatementCursor | null };

/** A rail whose provider lists a period's transactions and transfers (paged). */
export interface StatementSource {
  /** One page of the statement of [from, to); `next` null after the last page of money out. */
  statementPage(period: { from: Date; to: Date }, cursor: StatementCursor): Promise<StatementPage>;
}

export const hasStatement = (rail: Rail): rail is Rail & StatementSource => typeof (rail as Partial<StatementSource>).statementPage === "function";
