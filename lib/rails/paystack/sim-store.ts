/**
 * The Paystack simulator's memory (its NGN balance, recipients, transfers, customers,
 * dedicated accounts, transactions and refunds) and the JSON views Paystack's endpoints and
 * webhooks answer, shaped after the documented samples (PaystackOSS/doc-code-snippets
 * `src/api/**` and `src/doc/**`, and the response schemas of PaystackOSS/openapi). Amounts
 * are integer kobo throughout, as Paystack's are. Development and tests only.
 */
import { randomInt } from "node:crypto";
import { findBank } from "@/lib/bank/nigerian-banks";

export const INTEGRATION_ID = 463433;
export const DOMAIN = "test";

export type SimRecipient = { id: number; code: string; name: string; accountNumber: string; bankCode: string; bankName: string; createdAt: Date };

export type SimTransferStatus = "pending" | "otp" | "success" | "failed" | "reversed";

export type SimTransfer = {
  id: number;
  code: string;
  reference: string;
  amount: number;
  fee: number;
  reason: string;
  recipient: SimRecipient;
  status: SimTransferStatus;
  gatewayResponse: string | null;
  /** True while amount + fee are out of the balance. */
  debited: boolean;
  sessionId: string | null;
  createdAt: Date;
  updatedAt: Date;
  transferredAt: Date | null;
};

export type SimCustomer = { id: number; code: string; email: string; firstName: string | null; lastName: string | null; phone: string | null; createdAt: Date };

export type SimBank = { name: string; id: number; slug: string };

export const SIM_BANKS: Record<string, SimBank> = {
  "wema-bank": { name: "Wema Bank", id: 20, slug: "wema-bank" },
  "titan-paystack": { name: "Paystack-Titan", id: 24, slug: "titan-paystack" },
  "test-bank": { name: "Test Bank", id: 25, slug: "test-bank" },
};

export type SimDedicatedAccount = {
  id: number;
  customer: SimCustomer;
  accountNumber: string;
  accountName: string;
  bank: SimBank;
  active: boolean;
  createdAt: Date;
};

export type SimPayer = { name: string; bank: string; account: string };

/** A transaction: a pay-with-transfer charge (pending until paid) or money into a dedicated/unknown account. */
export type SimTransaction = {
  id: number;
  reference: string;
  amount: number;
  fees: number | null;
  status: "pending" | "success" | "failed" | "abandoned";
  channel: "bank_transfer" | "dedicated_nuban";
  customer: SimCustomer;
  /** The account paid into (the charge's, the dedicated account's, or the number paid). */
  accountNumber: string;
  accountName: string;
  bank: SimBank;
  /** Pay with transfer: when its account stops taking money. */
  expiresAt: Date | null;
  payer: SimPayer | null;
  metadata: Record<string, unknown> | null;
  createdAt: Date;
  paidAt: Date | null;
  refunded: number;
};

export type SimRefundStatus = "pending" | "processing" | "needs-attention" | "processed" | "failed";

export type SimRefund = {
  id: number;
  transaction: SimTransaction;
  amount: number;
  status: SimRefundStatus;
  merchantNote: string;
  customerNote: string;
  createdAt: Date;
  refundedAt: Date | null;
};

/** Paystack's NGN transfer fee: ₦10 up to ₦5,000, ₦25 up to ₦50,000, ₦50 above (kobo). */
export const transferFee = (amount: number) => (amount <= 500_000 ? 1_000 : amount <= 5_000_000 ? 2_500 : 5_000);

/** Collection fees (kobo): dedicated accounts 1% capped at ₦300; pay with transfer 1.5% (+₦100 from ₦2,500), capped at ₦2,000. */
export function collectionFee(amount: number, channel: SimTransaction["channel"]): number {
  if (channel === "dedicated_nuban") return Math.min(Math.round(amount / 100), 30_000);
  const base = Math.round((amount * 15) / 1_000) + (amount >= 250_000 ? 10_000 : 0);
  return Math.min(base, 200_000);
}

const NAMES = [
  "ADAEZE OKAFOR",
  "BABATUNDE ADEYEMI",
  "CHIOMA NWOSU",
  "DAUDA MUSA",
  "EMEKA OBI",
  "FUNMILAYO BALOGUN",
  "GARBA IBRAHIM",
  "HAUWA BELLO",
  "IFEOMA EZE",
  "JIDE OGUNLEYE",
];

/** The name a (known) account number resolves to: deterministic from its digits. */
export const accountNameOf = (accountNumber: string) => NAMES[Number(accountNumber.slice(-1)) % NAMES.length]!;

export const bankName = (code: string) => (code === "100039" ? "Paystack-Titan" : (findBank(code)?.bankName ?? "Unknown Bank"));

/** `XXXXXX6789`: how Paystack shows a payer's account number. */
export const mask = (account: string) => `${"X".repeat(Math.max(0, account.length - 4))}${account.slice(-4)}`;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const randomCode = (prefix: string, length = 15) => `${prefix}_${Array.from({ length }, () => "abcdefghijklmnopqrstuvwxyz0123456789"[randomInt(36)]).join("")}`;

export class SimStore {
  balance: number;
  otp = false;
  readonly recipients = new Map<string, SimRecipient>();
  readonly transfers = new Map<string, SimTransfer>();
  readonly customers = new Map<string, SimCustomer>();
  readonly dedicated = new Map<number, SimDedicatedAccount>();
  readonly transactions = new Map<string, SimTransaction>();
  readonly refunds = new Map<number, SimRefund>();
  private seq = randomInt(1_000, 9_000) * 1_000;
  private readonly numbers = new Set<string>();

  constructor(balance: number) {
    this.balance = balance;
  }

  next(): number {
    return ++this.seq;
  }

  code(prefix: "RCP" | "TRF" | "CUS"): string {
    return randomCode(prefix);
  }

  /** A fresh 10-digit account number (never one already handed out). */
  accountNumber(prefix = "99"): string {
    for (;;) {
      const n = `${prefix}${String(randomInt(0, 10 ** (10 - prefix.length))).padStart(10 - prefix.length, "0")}`;
      if (!this.numbers.has(n)) {
        this.numbers.add(n);
        return n;
      }
    }
  }

  /** A Paystack-style transaction reference (`T` and digits). */
  transactionReference(): string {
    return `T${randomInt(100_000_000, 999_999_999)}${this.next()}`;
  }

  customerByEmail(email: string) {
    return [...this.customers.values()].find((c) => c.email === email.toLowerCase());
  }

  customerByCodeOrId(value: string) {
    return this.customers.get(value) ?? [...this.customers.values()].find((c) => String(c.id) === value);
  }

  dedicatedByNumber(number: string) {
    return [...this.dedicated.values()].find((d) => d.accountNumber === number && d.active);
  }

  chargeByNumber(number: string) {
    return [...this.transactions.values()].find((t) => t.channel === "bank_transfer" && t.accountNumber === number);
  }

  transactionByIdOrReference(value: string) {
    return this.transactions.get(value) ?? [...this.transactions.values()].find((t) => String(t.id) === value);
  }
}

// ---- Views ------------------------------------------------------------------------------

export function customerView(c: SimCustomer) {
  return {
    id: c.id,
    first_name: c.firstName,
    last_name: c.lastName,
    email: c.email,
    customer_code: c.code,
    phone: c.phone,
    metadata: null,
    risk_action: "default",
    international_format_phone: c.phone,
  };
}

export function recipientView(r: SimRecipient) {
  return {
    active: true,
    createdAt: r.createdAt.toISOString(),
    currency: "NGN",
    description: "",
    domain: DOMAIN,
    email: null,
    id: r.id,
    integration: INTEGRATION_ID,
    metadata: null,
    name: r.name,
    recipient_code: r.code,
    type: "nuban",
    updatedAt: r.createdAt.toISOString(),
    is_deleted: false,
    isDeleted: false,
    details: { authorization_code: null, account_number: r.accountNumber, account_name: r.name, bank_code: r.bankCode, bank_name: r.bankName },
  };
}

/** `POST /transfer`'s answer (`data.recipient` is the recipient's id there). */
export function initiatedTransferView(t: SimTransfer) {
  return {
    transfersessionid: [],
    transfertrials: [],
    domain: DOMAIN,
    amount: t.amount,
    currency: "NGN",
    reference: t.reference,
    source: "balance",
    source_details: null,
    reason: t.reason,
    status: t.status,
    failures: null,
    transfer_code: t.code,
    titan_code: null,
    transferred_at: iso(t.transferredAt),
    id: t.id,
    integration: INTEGRATION_ID,
    request: t.id + 7,
    recipient: t.recipient.id,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

/** `GET /transfer/verify/:reference` and `GET /transfer/:code`. */
export function transferView(t: SimTransfer) {
  return {
    amount: t.amount,
    createdAt: t.createdAt.toISOString(),
    currency: "NGN",
    domain: DOMAIN,
    failures: null,
    id: t.id,
    integration: INTEGRATION_ID,
    reason: t.reason,
    reference: t.reference,
    source: "balance",
    source_details: null,
    status: t.status,
    titan_code: null,
    transfer_code: t.code,
    request: t.id + 7,
    transferred_at: iso(t.transferredAt),
    updatedAt: t.updatedAt.toISOString(),
    recipient: recipientView(t.recipient),
    session: { provider: t.sessionId ? "nip" : null, id: t.sessionId },
    fee_charged: t.fee,
    fees_breakdown: null,
    gateway_response: t.gatewayResponse,
  };
}

/** A `transfer.success` / `transfer.failed` / `transfer.reversed` delivery. */
export function transferEvent(t: SimTransfer) {
  const { request: _request, ...data } = transferView(t);
  return {
    event: `transfer.${t.status === "success" ? "success" : t.status === "reversed" ? "reversed" : "failed"}`,
    data: { ...data, integration: { id: INTEGRATION_ID, is_live: false, business_name: "Owo Simulator" } },
  };
}

function authorizationView(t: SimTransaction) {
  const payer = t.payer;
  return {
    authorization_code: `AUTH_${String(t.id).padStart(10, "0")}`,
    bin: payer ? `${payer.account.slice(0, 3)}XXX` : null,
    last4: payer ? `X${payer.account.slice(-3)}` : "XXXX",
    exp_month: String((t.createdAt.getUTCMonth() + 1) % 12 || 12).padStart(2, "0"),
    exp_year: String(t.createdAt.getUTCFullYear()),
    channel: t.channel,
    card_type: "transfer",
    bank: payer?.bank ?? null,
    country_code: "NG",
    brand: "Managed Account",
    reusable: false,
    signature: null,
    account_name: null,
    sender_country: "NG",
    sender_bank: payer?.bank ?? null,
    sender_bank_account_number: payer ? mask(payer.account) : null,
    sender_name: payer?.name ?? null,
    narration: payer ? `NIP: ${payer.name} -${payer.account}` : null,
    receiver_bank_account_number: t.accountNumber,
    receiver_bank: t.bank.name,
  };
}

/** `GET /transaction/verify/:reference` and the `charge.success` delivery's `data`. */
export function transactionView(t: SimTransaction) {
  const paid = t.status === "success";
  return {
    id: t.id,
    domain: DOMAIN,
    status: t.status,
    reference: t.reference,
    receipt_number: null,
    amount: t.amount,
    message: null,
    gateway_response: paid ? "Approved" : "The transaction has not been paid yet",
    paid_at: iso(t.paidAt),
    created_at: t.createdAt.toISOString(),
    channel: t.channel,
    currency: "NGN",
    ip_address: "127.0.0.1",
    metadata: t.metadata ?? "",
    log: null,
    fees: t.fees,
    fees_split: null,
    authorization: authorizationView(t),
    customer: customerView(t.customer),
    plan: null,
    split: {},
    order_id: null,
    paidAt: iso(t.paidAt),
    createdAt: t.createdAt.toISOString(),
    requested_amount: t.amount,
    pos_transaction_data: null,
    source: null,
    fees_breakdown: null,
    connect: null,
    transaction_date: t.createdAt.toISOString(),
    plan_object: {},
    subaccount: {},
  };
}

/** `POST /charge`'s answer for a pay-with-transfer charge. */
export function chargeView(t: SimTransaction) {
  return {
    reference: t.reference,
    status: "pending_bank_transfer",
    display_text: "Please make a transfer to the account specified",
    account_name: t.accountName,
    account_number: t.accountNumber,
    bank: t.bank,
    account_expires_at: iso(t.expiresAt),
  };
}

export function dedicatedView(d: SimDedicatedAccount) {
  return {
    bank: d.bank,
    account_name: d.accountName,
    account_number: d.accountNumber,
    assigned: true,
    currency: "NGN",
    metadata: null,
    active: d.active,
    id: d.id,
    created_at: d.createdAt.toISOString(),
    updated_at: d.createdAt.toISOString(),
    assignment: {
      integration: INTEGRATION_ID,
      assignee_id: d.customer.id,
      assignee_type: "Customer",
      expired: false,
      account_type: "PAY-WITH-TRANSFER-RECURRING",
      assigned_at: d.createdAt.toISOString(),
      expired_at: null,
    },
    customer: customerView(d.customer),
  };
}

/** A dedicated account as `GET /dedicated_account` lists it. */
export function dedicatedListView(d: SimDedicatedAccount) {
  return {
    customer: customerView(d.customer),
    bank: d.bank,
    id: d.id,
    account_name: d.accountName,
    account_number: d.accountNumber,
    created_at: d.createdAt.toISOString(),
    updated_at: d.createdAt.toISOString(),
    currency: "NGN",
    split_config: null,
    active: d.active,
    assigned: true,
  };
}

/** `GET /refund/:id` and the items of `GET /refund`. */
export function refundView(r: SimRefund) {
  return {
    integration: INTEGRATION_ID,
    transaction: r.transaction.id,
    dispute: null,
    settlement: null,
    id: r.id,
    domain: DOMAIN,
    currency: "NGN",
    amount: r.amount,
    status: r.status,
    refunded_at: iso(r.refundedAt),
    refunded_by: "simulator@owo.invalid",
    customer_note: r.customerNote,
    merchant_note: r.merchantNote,
    deducted_amount: r.amount,
    fully_deducted: 1,
    createdAt: r.createdAt.toISOString(),
    bank_reference: null,
    transaction_reference: r.transaction.reference,
    reason: r.status === "failed" ? "Refund failed at the customer's bank" : "",
    customer: { ...customerView(r.transaction.customer), metadata: "" },
    refund_type: r.amount === r.transaction.amount ? "full" : "partial",
    transaction_amount: r.transaction.amount,
    initiated_by: "api",
    refund_channel: r.transaction.channel,
    session_id: null,
    collect_account_number: r.status === "needs-attention",
  };
}

/** `POST /refund`'s answer. */
export function createdRefundView(r: SimRefund) {
  const t = r.transaction;
  return {
    transaction: {
      id: t.id,
      domain: DOMAIN,
      reference: t.reference,
      amount: t.amount,
      paid_at: iso(t.paidAt),
      channel: t.channel,
      currency: "NGN",
      authorization: { exp_month: null, exp_year: null, account_name: null },
      customer: { international_format_phone: null },
      plan: {},
      subaccount: { currency: null },
      split: {},
      order_id: null,
      paidAt: iso(t.paidAt),
      pos_transaction_data: null,
      source: null,
      fees_breakdown: null,
    },
    integration: INTEGRATION_ID,
    deducted_amount: 0,
    channel: null,
    merchant_note: r.merchantNote,
    customer_note: r.customerNote,
    status: r.status,
    refunded_by: "simulator@owo.invalid",
    expected_at: new Date(r.createdAt.getTime() + 5 * 86_400_000).toISOString(),
    currency: "NGN",
    domain: DOMAIN,
    amount: r.amount,
    fully_deducted: false,
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.createdAt.toISOString(),
  };
}

/** A `refund.*` delivery (Refunds guide: amount as text, Paystack's own refund reference). */
export function refundEvent(r: SimRefund) {
  return {
    event: `refund.${r.status}`,
    data: {
      status: r.status,
      transaction_reference: r.transaction.reference,
      refund_reference: String(r.id),
      amount: String(r.amount),
      currency: "NGN",
      processor: "simulator",
      customer: { first_name: r.transaction.customer.firstName, last_name: r.transaction.customer.lastName, email: r.transaction.customer.email },
      integration: INTEGRATION_ID,
      domain: DOMAIN,
    },
  };
}
