/**
 * The Monnify simulator's memory: its wallet, payouts, accounts, transactions and refunds
 * (integer kobo inside; naira JSON numbers or two-decimal strings on the wire, as Monnify's
 * documented answers show them), and the JSON views Monnify's endpoints and webhooks answer.
 * Development and tests only.
 */
import { randomInt } from "node:crypto";
import { findBank, NIGERIAN_BANKS } from "@/lib/bank/nigerian-banks";
import { koboToNairaNumber } from "@/lib/rails/units";

export type SimTransfer = {
  reference: string;
  transactionReference: string;
  amount: number;
  fee: number;
  narration: string;
  destinationBankCode: string;
  destinationAccountNumber: string;
  destinationAccountName: string;
  sourceAccountNumber: string;
  status: "PENDING" | "PENDING_AUTHORIZATION" | "SUCCESS" | "FAILED" | "REVERSED";
  description: string | null;
  sessionId: string | null;
  createdOn: Date;
  completedOn: Date | null;
};

export type SimAccount = {
  accountReference: string;
  accountName: string;
  customerEmail: string;
  customerName: string;
  bvn: string | null;
  nin: string | null;
  status: "ACTIVE" | "DEALLOCATED";
  reservationReference: string;
  accounts: { bankCode: string; bankName: string; accountNumber: string; accountName: string }[];
  createdOn: Date;
};

export type SimPayer = { accountName: string; accountNumber: string; bankCode: string; sessionId: string };

export type SimTransaction = {
  transactionReference: string;
  paymentReference: string;
  /** Kobo the customer owes (one-off accounts); null for reserved accounts. */
  expected: number | null;
  amountPaid: number;
  fee: number;
  paymentStatus: "PENDING" | "PAID" | "OVERPAID" | "PARTIALLY_PAID" | "EXPIRED";
  paymentDescription: string;
  product: { type: string; reference: string | null };
  customer: { name: string; email: string };
  destination: { accountNumber: string; bankCode: string; bankName: string } | null;
  payer: SimPayer | null;
  metaData: Record<string, unknown>;
  createdOn: Date;
  expiresOn: Date | null;
  paidOn: Date | null;
  refunded: number;
};

export type SimRefund = {
  refundReference: string;
  transactionReference: string;
  amount: number;
  reason: string;
  note: string;
  status: "IN_PROGRESS" | "COMPLETED" | "FAILED";
  destinationAccountNumber: string | null;
  destinationAccountBankCode: string | null;
  createdOn: Date;
  completedOn: Date | null;
};

export class SimStore {
  balance: number;
  readonly tokens = new Map<string, number>();
  readonly transfers = new Map<string, SimTransfer>();
  readonly accounts = new Map<string, SimAccount>();
  readonly transactions = new Map<string, SimTransaction>();
  readonly refunds = new Map<string, SimRefund>();
  private seq = 0;

  constructor(balance: number) {
    this.balance = balance;
  }

  next(): number {
    return ++this.seq;
  }

  /** `MNFY|<nn>|yyyyMMddHHmmss|<nnnnnn>`, as Monnify names its transactions. */
  transactionReference(): string {
    const n = this.next();
    return `MNFY|${String(n % 100).padStart(2, "0")}|${stamp(new Date())}|${String(n).padStart(6, "0")}`;
  }

  /** A fresh 10-digit account number no account already holds. */
  accountNumber(prefix: string): string {
    for (;;) {
      const n = `${prefix}${String(this.next()).padStart(10 - prefix.length, "0")}`;
      if (!this.findAccountNumber(n)) return n;
    }
  }

  findAccountNumber(accountNumber: string): SimAccount | SimTransaction | undefined {
    for (const a of this.accounts.values()) if (a.accounts.some((x) => x.accountNumber === accountNumber)) return a;
    for (const t of this.transactions.values()) if (t.destination?.accountNumber === accountNumber && t.expected !== null) return t;
    return undefined;
  }

  /** A one-off transaction past its expiry answers EXPIRED from then on. */
  expire(t: SimTransaction, now = Date.now()): SimTransaction {
    if (t.paymentStatus === "PENDING" && t.expiresOn && now > t.expiresOn.getTime()) t.paymentStatus = "EXPIRED";
    return t;
  }
}

export const naira = (kobo: number) => koboToNairaNumber(kobo);
/** Two-decimal text ("1234.50"), the way Monnify's transaction answers write amounts. */
export const nairaText = (kobo: number) => `${Math.trunc(kobo / 100)}.${String(kobo % 100).padStart(2, "0")}`;
export const bankName = (code: string) => findBank(code)?.bankName ?? code;
export const sessionId = () => Array.from({ length: 30 }, () => randomInt(10)).join("");

/** A payer's bank as given to the `pay` control (code or name) → a code. */
export function payerBank(bank: string | undefined): string {
  if (!bank) return "058";
  if (/^\d{3,6}$/.test(bank)) return bank;
  return NIGERIAN_BANKS.find((b) => b.bankName.toLowerCase() === bank.toLowerCase())?.bankCode ?? "058";
}

// Lagos wall-clock parts (UTC+1, no daylight saving).
const lagos = (d: Date) => new Date(d.getTime() + 3_600_000);
const p2 = (n: number) => String(n).padStart(2, "0");
const stamp = (d: Date) => {
  const l = lagos(d);
  return `${l.getUTCFullYear()}${p2(l.getUTCMonth() + 1)}${p2(l.getUTCDate())}${p2(l.getUTCHours())}${p2(l.getUTCMinutes())}${p2(l.getUTCSeconds())}`;
};
/** "2021-11-17 11:28:42.615" (webhooks' paidOn). */
export const isoLocal = (d: Date) => {
  const l = lagos(d);
  return `${l.getUTCFullYear()}-${p2(l.getUTCMonth() + 1)}-${p2(l.getUTCDate())} ${p2(l.getUTCHours())}:${p2(l.getUTCMinutes())}:${p2(l.getUTCSeconds())}.${String(l.getUTCMilliseconds()).padStart(3, "0")}`;
};
/** "17/03/2021 3:23:32 AM" (disbursement and transaction answers). */
export const dmy = (d: Date) => {
  const l = lagos(d);
  const h = l.getUTCHours();
  return `${p2(l.getUTCDate())}/${p2(l.getUTCMonth() + 1)}/${l.getUTCFullYear()} ${h % 12 === 0 ? 12 : h % 12}:${p2(l.getUTCMinutes())}:${p2(l.getUTCSeconds())} ${h < 12 ? "AM" : "PM"}`;
};

export function transferView(t: SimTransfer) {
  return {
    amount: naira(t.amount),
    reference: t.reference,
    narration: t.narration,
    currency: "NGN",
    fee: naira(t.fee),
    twoFaEnabled: t.status === "PENDING_AUTHORIZATION",
    status: t.status,
    transactionDescription: t.description,
    transactionReference: t.transactionReference,
    sessionId: t.sessionId,
    createdOn: dmy(t.createdOn),
    completedOn: t.completedOn ? dmy(t.completedOn) : null,
    sourceAccountNumber: t.sourceAccountNumber,
    destinationAccountNumber: t.destinationAccountNumber,
    destinationAccountName: t.destinationAccountName,
    destinationBankCode: t.destinationBankCode,
    destinationBankName: bankName(t.destinationBankCode),
  };
}

export function accountView(a: SimAccount, contractCode: string) {
  return {
    contractCode,
    accountReference: a.accountReference,
    accountName: a.accountName,
    currencyCode: "NGN",
    customerEmail: a.customerEmail,
    customerName: a.customerName,
    accounts: a.accounts,
    collectionChannel: "RESERVED_ACCOUNT",
    reservationReference: a.reservationReference,
    reservedAccountType: "GENERAL",
    status: a.status,
    createdOn: isoLocal(a.createdOn),
    incomeSplitConfig: [],
    bvn: a.bvn,
    nin: a.nin,
    restrictPaymentSource: false,
  };
}

const payerRecord = (p: SimPayer, amountPaid: number) => ({
  bankCode: p.bankCode,
  amountPaid: naira(amountPaid),
  accountName: p.accountName,
  sessionId: p.sessionId,
  accountNumber: p.accountNumber,
});

/** `GET /api/v2/transactions/{ref}`'s body: amounts as two-decimal strings, payer in accountDetails/accountPayments. */
export function transactionView(t: SimTransaction) {
  const payer = t.payer
    ? { accountName: t.payer.accountName, accountNumber: t.payer.accountNumber, bankCode: t.payer.bankCode, amountPaid: nairaText(t.amountPaid) }
    : null;
  return {
    transactionReference: t.transactionReference,
    paymentReference: t.paymentReference,
    amountPaid: nairaText(t.amountPaid),
    totalPayable: nairaText(t.expected ?? t.amountPaid),
    settlementAmount: nairaText(t.amountPaid - t.fee),
    paidOn: t.paidOn ? dmy(t.paidOn) : null,
    paymentStatus: t.paymentStatus,
    paymentDescription: t.paymentDescription,
    currency: "NGN",
    paymentMethod: "ACCOUNT_TRANSFER",
    product: t.product,
    cardDetails: null,
    accountDetails: payer,
    accountPayments: payer ? [{ ...payer, sessionId: t.payer?.sessionId }] : [],
    destinationAccountInformation: t.destination,
    customer: t.customer,
    metaData: t.metaData,
  };
}

/** `SUCCESSFUL_TRANSACTION` eventData, as the webhook documentation shows it (numbers, paymentSourceInformation[]). */
export function collectionEvent(t: SimTransaction) {
  return {
    eventType: "SUCCESSFUL_TRANSACTION",
    eventData: {
      product: t.product,
      transactionReference: t.transactionReference,
      paymentReference: t.paymentReference,
      paidOn: t.paidOn ? isoLocal(t.paidOn) : null,
      paymentDescription: t.paymentDescription,
      metaData: t.metaData,
      paymentSourceInformation: t.payer ? [payerRecord(t.payer, t.amountPaid)] : [],
      destinationAccountInformation: t.destination ?? {},
      amountPaid: naira(t.amountPaid),
      totalPayable: naira(t.expected ?? t.amountPaid),
      cardDetails: {},
      paymentMethod: "ACCOUNT_TRANSFER",
      currency: "NGN",
      settlementAmount: naira(t.amountPaid - t.fee),
      paymentStatus: t.paymentStatus,
      customer: t.customer,
    },
  };
}

export function disbursementEvent(t: SimTransfer) {
  const eventType = t.status === "SUCCESS" ? "SUCCESSFUL_DISBURSEMENT" : t.status === "REVERSED" ? "REVERSED_DISBURSEMENT" : "FAILED_DISBURSEMENT";
  const v = transferView(t);
  return {
    eventType,
    eventData: {
      amount: v.amount,
      transactionReference: v.transactionReference,
      fee: v.fee,
      transactionDescription: v.transactionDescription,
      destinationAccountNumber: v.destinationAccountNumber,
      sessionId: v.sessionId ?? "",
      createdOn: v.createdOn,
      destinationAccountName: v.destinationAccountName,
      reference: v.reference,
      destinationBankCode: v.destinationBankCode,
      completedOn: v.completedOn,
      narration: v.narration,
      currency: "NGN",
      destinationBankName: v.destinationBankName,
      status: v.status,
    },
  };
}

export function refundView(r: SimRefund, paid: number) {
  return {
    refundReference: r.refundReference,
    transactionReference: r.transactionReference,
    refundReason: r.reason,
    customerNote: r.note,
    refundAmount: naira(r.amount),
    refundType: r.amount === paid ? "FULL_REFUND" : "PARTIAL_REFUND",
    refundStatus: r.status,
    refundStrategy: "MERCHANT_WALLET",
    comment: null,
    completedOn: r.completedOn ? dmy(r.completedOn) : null,
    createdOn: dmy(r.createdOn),
  };
}

export function refundEvent(r: SimRefund) {
  return {
    eventType: r.status === "COMPLETED" ? "SUCCESSFUL_REFUND" : "FAILED_REFUND",
    eventData: {
      merchantReason: r.reason,
      transactionReference: r.transactionReference,
      completedOn: r.completedOn ? dmy(r.completedOn) : null,
      refundStatus: r.status,
      customerNote: r.note,
      createdOn: dmy(r.createdOn),
      refundReference: r.refundReference,
      refundAmount: naira(r.amount),
    },
  };
}
