/**
 * The Flutterwave simulator's memory: its NGN balance, transfers, virtual account numbers,
 * transactions and refunds, and the JSON views Flutterwave's endpoints and webhooks answer
 * (shapes from the documented samples: developer.flutterwave.com and Flutterwave/Node-v3's
 * documentation). Amounts are integer kobo inside; the balance and fees are in *mills*
 * (thousandths of a naira), because Flutterwave's transfer fees have three decimals (26.875).
 * Development and tests only.
 */
import { randomInt } from "node:crypto";
import { findBank } from "@/lib/bank/nigerian-banks";
import { koboToNairaNumber } from "@/lib/rails/units";

export type SimTransfer = {
  id: number;
  reference: string;
  amount: number;
  /** Mills. */
  fee: number;
  accountBank: string;
  accountNumber: string;
  fullName: string;
  narration: string;
  status: "NEW" | "PENDING" | "SUCCESSFUL" | "FAILED" | "REVERSED";
  completeMessage: string;
  requiresApproval: boolean;
  isApproved: boolean;
  /** True while the amount and fee are out of the balance. */
  debited: boolean;
  createdAt: Date;
};

export type SimAccount = {
  id: number;
  orderRef: string;
  flwRef: string;
  txRef: string;
  email: string;
  isPermanent: boolean;
  bvn: string | null;
  /** Kobo a temporary account is for; null for a permanent one. */
  amount: number | null;
  accountNumber: string;
  bankName: string;
  narration: string;
  status: "active" | "inactive";
  createdAt: Date;
  expiresAt: Date | null;
};

export type SimPayer = { name: string; bank: string; account: string };

export type SimTransaction = {
  id: number;
  txRef: string;
  flwRef: string;
  amount: number;
  fee: number;
  status: "successful" | "failed" | "pending";
  narration: string;
  customer: { id: number; name: string; email: string; createdAt: Date };
  payer: SimPayer;
  /** The account number paid into. */
  accountNumber: string;
  sessionId: string;
  refunded: number;
  createdAt: Date;
};

export type SimRefund = {
  id: number;
  txId: number;
  flwRef: string;
  amount: number;
  status: "completed" | "pending" | "failed";
  comments: string;
  createdAt: Date;
};

export const ACCOUNT_ID = 73362;

export class SimStore {
  /** Mills (0.001 naira). */
  balanceMills: number;
  readonly transfers = new Map<string, SimTransfer>();
  readonly accounts = new Map<string, SimAccount>();
  readonly transactions = new Map<number, SimTransaction>();
  readonly refunds = new Map<number, SimRefund>();
  private seq = randomInt(1_000, 9_000) * 1_000;

  constructor(balanceKobo: number) {
    this.balanceMills = balanceKobo * 10;
  }

  next(): number {
    return ++this.seq;
  }

  get balanceKobo(): number {
    return Math.floor(this.balanceMills / 10);
  }

  transferById(id: number): SimTransfer | undefined {
    for (const t of this.transfers.values()) if (t.id === id) return t;
    return undefined;
  }

  accountByNumber(accountNumber: string): SimAccount | undefined {
    for (const a of this.accounts.values()) if (a.accountNumber === accountNumber) return a;
    return undefined;
  }

  /** A fresh 10-digit number (WEMA-style `78…`) no account holds. */
  accountNumber(): string {
    for (;;) {
      const n = `78${String(randomInt(0, 100_000_000)).padStart(8, "0")}`;
      if (!this.accountByNumber(n)) return n;
    }
  }
}

export const naira = (kobo: number) => koboToNairaNumber(kobo);
/** Mills → naira as a JSON number (26875 → 26.875). */
export const nairaFromMills = (mills: number) => mills / 1000;
export const bankName = (code: string) => findBank(code)?.bankName.toUpperCase() ?? code;
export const sessionId = () => Array.from({ length: 30 }, () => randomInt(10)).join("");
/** "123*******90": Flutterwave masks a payer's account number. */
export const mask = (account: string) => (account.length > 5 ? `${account.slice(0, 3)}${"*".repeat(account.length - 5)}${account.slice(-2)}` : account);

/**
 * Flutterwave's NGN transfer fee in mills, by amount (its documented samples: ₦10.75 up to
 * ₦5,000, ₦26.875 up to ₦50,000, ₦53.75 above).
 */
export function transferFeeMills(amountKobo: number): number {
  if (amountKobo <= 500_000) return 10_750;
  if (amountKobo <= 5_000_000) return 26_875;
  return 53_750;
}

/** Kobo Flutterwave keeps of a bank-transfer collection in the simulator: 1%, at most ₦2,000. */
export const collectionFee = (amountKobo: number) => Math.min(Math.round(amountKobo / 100), 200_000);

// Lagos wall-clock "2021-02-15 16:27:22" (virtual account answers).
const p2 = (n: number) => String(n).padStart(2, "0");
export function lagosStamp(d: Date): string {
  const l = new Date(d.getTime() + 3_600_000);
  return `${l.getUTCFullYear()}-${p2(l.getUTCMonth() + 1)}-${p2(l.getUTCDate())} ${p2(l.getUTCHours())}:${p2(l.getUTCMinutes())}:${p2(l.getUTCSeconds())}`;
}

export function transferView(t: SimTransfer) {
  return {
    id: t.id,
    account_number: t.accountNumber,
    bank_code: t.accountBank,
    full_name: t.fullName,
    created_at: t.createdAt.toISOString(),
    currency: "NGN",
    debit_currency: "NGN",
    amount: naira(t.amount),
    fee: nairaFromMills(t.fee),
    status: t.status,
    reference: t.reference,
    meta: null,
    narration: t.narration,
    approver: null,
    complete_message: t.completeMessage,
    requires_approval: t.requiresApproval ? 1 : 0,
    is_approved: t.isApproved ? 1 : 0,
    bank_name: bankName(t.accountBank),
  };
}

/** `transfer.completed` as Flutterwave sends it (the transfer under `data`, `fullname` as in the webhook sample). */
export function transferEvent(t: SimTransfer) {
  const { full_name, ...view } = transferView(t);
  return { event: "transfer.completed", "event.type": "Transfer", data: { ...view, fullname: full_name } };
}

export function accountView(a: SimAccount) {
  return {
    response_code: "02",
    response_message: "Transaction in progress",
    flw_ref: a.flwRef,
    order_ref: a.orderRef,
    account_number: a.accountNumber,
    account_status: a.status,
    frequency: "N/A",
    bank_name: a.bankName,
    created_at: lagosStamp(a.createdAt),
    expiry_date: a.expiresAt ? lagosStamp(a.expiresAt) : "N/A",
    note: `Please make a bank transfer to ${a.narration}`,
    amount: a.amount === null ? null : naira(a.amount),
  };
}

function chargeData(t: SimTransaction) {
  return {
    id: t.id,
    tx_ref: t.txRef,
    flw_ref: t.flwRef,
    device_fingerprint: "N/A",
    amount: naira(t.amount),
    currency: "NGN",
    charged_amount: naira(t.amount),
    app_fee: naira(t.fee),
    merchant_fee: 0,
    processor_response: "success",
    auth_model: "AUTH",
    ip: "::ffff:127.0.0.1",
    narration: t.narration,
    status: t.status,
    payment_type: "bank_transfer",
    created_at: t.createdAt.toISOString(),
    account_id: ACCOUNT_ID,
  };
}

const customerView = (t: SimTransaction) => ({
  id: t.customer.id,
  name: t.customer.name,
  phone_number: "N/A",
  email: t.customer.email,
  created_at: t.customer.createdAt.toISOString(),
});
const payerMeta = (t: SimTransaction) => ({
  originatoraccountnumber: mask(t.payer.account),
  originatorname: t.payer.name,
  bankname: t.payer.bank,
  originatoramount: "N/A",
});

/** `GET /transactions/:id/verify`'s `data`. */
export function transactionView(t: SimTransaction) {
  return { ...chargeData(t), meta: payerMeta(t), amount_settled: naira(t.amount - t.fee), customer: customerView(t) };
}

/** `charge.completed` for a bank transfer (the payer in `meta_data`). */
export function chargeEvent(t: SimTransaction) {
  return {
    event: "charge.completed",
    data: { ...chargeData(t), customer: customerView(t) },
    meta_data: payerMeta(t),
    "event.type": "BANK_TRANSFER_TRANSACTION",
  };
}

export function refundView(r: SimRefund) {
  return {
    id: r.id,
    account_id: ACCOUNT_ID,
    tx_id: r.txId,
    flw_ref: r.flwRef,
    wallet_id: 74639,
    amount_refunded: naira(r.amount),
    status: r.status,
    destination: "payment_source",
    meta: { source: "availablebalance" },
    comments: r.comments,
    created_at: r.createdAt.toISOString(),
  };
}
