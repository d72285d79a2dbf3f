/**
 * The Paystack endpoints the simulator serves (the ones Owo's client calls), with Paystack's
 * documented validation and error answers: `{status: false, message, meta: {nextStep}, type,
 * code}` (OpenAPI `Error`), 400 for a refused request, 404 for an unknown record, 422 for an
 * account number that does not resolve.
 */
import { findBank } from "@/lib/bank/nigerian-banks";
import type { SimReply, SimRequest, SimRoute } from "@/lib/rails/simulator/sim-server";
import {
  accountNameOf,
  bankName,
  chargeView,
  createdRefundView,
  customerView,
  dedicatedListView,
  dedicatedView,
  initiatedTransferView,
  recipientView,
  refundView,
  SIM_BANKS,
  transactionView,
  transferFee,
  transferView,
  type SimCustomer,
  type SimStore,
  type SimTransaction,
  type SimTransfer,
} from "./sim-store";

export type SimConfig = { unknownAccount: string };

export const ok = (message: string, data: unknown, status = 200, meta?: unknown): SimReply => ({
  status,
  body: { status: true, message, data, ...(meta ? { meta } : {}) },
});

export const fail = (status: number, message: string, nextStep = "Check the request and try again"): SimReply => ({
  status,
  body: {
    status: false,
    message,
    meta: { nextStep },
    type: status === 404 ? "api_error" : "validation_error",
    code: status === 404 ? "api_error" : "validation_error",
  },
});

const s = (v: unknown) => (typeof v === "string" ? v.trim() : typeof v === "number" && Number.isFinite(v) ? String(v) : "");
/** A kobo amount: a JSON integer or its digits as text (the pay-with-transfer sample sends `"amount": "10000"`). */
const koboIn = (v: unknown) =>
  typeof v === "number" && Number.isSafeInteger(v) ? v : typeof v === "string" && /^\d+$/.test(v.trim()) ? Number(v.trim()) : null;
const knownBank = (code: string) => code === "100039" || !!findBank(code);
const TRANSFER_REFERENCE = /^[a-z0-9_-]{16,50}$/;
const TRANSACTION_REFERENCE = /^[A-Za-z0-9.=-]{1,100}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function page(req: SimRequest) {
  const perPage = Math.min(Math.max(Number(req.query.get("perPage") ?? req.query.get("per_page") ?? 50) || 50, 1), 100);
  const pageNo = Math.max(Number(req.query.get("page") ?? 1) || 1, 1);
  return { perPage, page: pageNo };
}

function paged<T>(items: T[], req: SimRequest) {
  const { perPage, page: p } = page(req);
  const slice = items.slice((p - 1) * perPage, p * perPage);
  return { slice, meta: { total: items.length, skipped: (p - 1) * perPage, perPage, page: p, pageCount: Math.max(1, Math.ceil(items.length / perPage)) } };
}

function inPeriod(d: Date, req: SimRequest) {
  const from = req.query.get("from");
  const to = req.query.get("to");
  return (!from || d >= new Date(from)) && (!to || d <= new Date(to));
}

export function paystackRoutes(store: SimStore, cfg: SimConfig): SimRoute[] {
  const resolve = (accountNumber: string) => (/^\d{10}$/.test(accountNumber) && accountNumber !== cfg.unknownAccount ? accountNameOf(accountNumber) : null);

  return [
    {
      method: "GET",
      path: "/bank/resolve",
      handle(req) {
        const accountNumber = s(req.query.get("account_number"));
        const bankCode = s(req.query.get("bank_code"));
        if (!accountNumber || !bankCode) return fail(400, "Account number and bank code are required");
        if (!knownBank(bankCode)) return fail(400, "Unknown bank code: " + bankCode);
        const name = resolve(accountNumber);
        if (!name) return fail(422, "Could not resolve account name. Check parameters or try again.");
        return ok("Account number resolved", { account_number: accountNumber, account_name: name, bank_id: 9 });
      },
    },
    {
      method: "POST",
      path: "/transferrecipient",
      handle(req) {
        const b = req.body;
        const missing = ["type", "name", "account_number", "bank_code"].filter((k) => !s(b[k]));
        if (missing.length) return fail(400, `${missing.join(", ")} ${missing.length > 1 ? "are" : "is"} required`);
        if (s(b.type) !== "nuban") return fail(400, "Only nuban recipients are simulated");
        const accountNumber = s(b.account_number);
        const bankCode = s(b.bank_code);
        if (!knownBank(bankCode)) return fail(400, "Unknown bank code: " + bankCode);
        if (!resolve(accountNumber)) return fail(400, "Cannot resolve account");
        // "A duplicate account number will lead to the retrieval of the existing record."
        const existing = [...store.recipients.values()].find((r) => r.accountNumber === accountNumber && r.bankCode === bankCode);
        if (existing) return ok("Transfer recipient created successfully", recipientView(existing), 201);
        const recipient = {
          id: store.next(),
          code: store.code("RCP"),
          name: s(b.name),
          accountNumber,
          bankCode,
          bankName: bankName(bankCode),
          createdAt: new Date(),
        };
        store.recipients.set(recipient.code, recipient);
        return ok("Transfer recipient created successfully", recipientView(recipient), 201);
      },
    },
    {
      method: "POST",
      path: "/transfer",
      handle(req) {
        const b = req.body;
        if (s(b.source) !== "balance") return fail(400, "Invalid transfer source: only balance is supported");
        const amount = b.amount;
        if (typeof amount !== "number" || !Number.isSafeInteger(amount) || amount <= 0) return fail(400, "Amount must be a positive integer in kobo");
        if (b.currency !== undefined && s(b.currency) !== "NGN") return fail(400, "Only NGN transfers are simulated");
        const reference = s(b.reference);
        if (!TRANSFER_REFERENCE.test(reference)) return fail(400, "Invalid transfer reference: use 16 to 50 lowercase letters, digits, - and _");
        if (store.transfers.has(reference)) return fail(400, "Duplicate Transfer Reference", "Use a new reference for a new transfer");
        const recipient = store.recipients.get(s(b.recipient));
        if (!recipient) return fail(400, "Recipient specified is invalid");
        const fee = transferFee(amount);
        if (amount + fee > store.balance) return fail(400, "Your balance is not enough to fulfil this request", "Top up your Paystack balance and try again");
        const now = new Date();
        const status = store.otp ? "otp" : "pending";
        const t: SimTransfer = {
          id: store.next(),
          code: store.code("TRF"),
          reference,
          amount,
          fee,
          reason: s(b.reason),
          recipient,
          status,
          gatewayResponse: null,
          debited: status === "pending",
          sessionId: null,
          createdAt: now,
          updatedAt: now,
          transferredAt: null,
        };
        if (t.debited) store.balance -= amount + fee;
        store.transfers.set(reference, t);
        return ok(status === "otp" ? "Transfer requires OTP to continue" : "Transfer has been queued", initiatedTransferView(t));
      },
    },
    {
      method: "GET",
      path: "/transfer/verify/:reference",
      handle(req) {
        const t = store.transfers.get(req.params.reference ?? "");
        return t ? ok("Transfer retrieved", transferView(t)) : fail(404, "Transfer not found");
      },
    },
    {
      method: "GET",
      path: "/transfer/:code",
      handle(req) {
        const v = req.params.code ?? "";
        const t = [...store.transfers.values()].find((x) => x.code === v || String(x.id) === v);
        return t ? ok("Transfer retrieved", transferView(t)) : fail(404, "Transfer not found");
      },
    },
    {
      method: "GET",
      path: "/transfer",
      handle(req) {
        const status = req.query.get("status");
        const all = [...store.transfers.values()].filter((t) => inPeriod(t.createdAt, req) && (!status || t.status === status));
        const { slice, meta } = paged(all, req);
        return ok("Transfers retrieved", slice.map(transferView), 200, meta);
      },
    },
    {
      method: "GET",
      path: "/balance",
      handle: () => ok("Balances retrieved", [{ currency: "NGN", balance: store.balance }]),
    },
    {
      method: "GET",
      path: "/transaction/verify/:reference",
      handle(req) {
        const t = store.transactions.get(req.params.reference ?? "");
        return t ? ok("Verification successful", transactionView(t)) : fail(404, "Transaction reference not found");
      },
    },
    {
      method: "GET",
      path: "/transaction",
      handle(req) {
        const status = req.query.get("status");
        const all = [...store.transactions.values()].filter((t) => inPeriod(t.createdAt, req) && (!status || t.status === status));
        const { slice, meta } = paged(all, req);
        return ok("Transactions retrieved", slice.map(transactionView), 200, meta);
      },
    },
    {
      method: "POST",
      path: "/charge",
      handle(req) {
        const b = req.body;
        const email = s(b.email);
        if (!EMAIL.test(email)) return fail(400, "Invalid Email Address Passed");
        const amount = koboIn(b.amount);
        if (amount === null || amount <= 0) return fail(400, "Invalid amount: an integer number of kobo is required");
        const bt = b.bank_transfer;
        if (typeof bt !== "object" || bt === null) return fail(400, "Only pay-with-transfer charges (bank_transfer) are simulated");
        if (amount < 10_000) return fail(400, "The minimum amount for Pay with Transfers transactions is NGN 100");
        const expiresText = s((bt as Record<string, unknown>).account_expires_at);
        const expiresAt = expiresText ? new Date(expiresText) : new Date(Date.now() + 30 * 60_000);
        if (Number.isNaN(expiresAt.getTime()) || expiresAt.getTime() <= Date.now()) return fail(400, "account_expires_at must be a time in the future");
        const reference = s(b.reference) || store.transactionReference();
        if (!TRANSACTION_REFERENCE.test(reference)) return fail(400, "Invalid transaction reference: only -, ., = and alphanumeric characters are allowed");
        if (store.transactions.has(reference)) return fail(400, "Duplicate Transaction Reference");
        const customer = store.customerByEmail(email) ?? newCustomer(store, { email });
        const t: SimTransaction = {
          id: store.next(),
          reference,
          amount,
          fees: null,
          status: "pending",
          channel: "bank_transfer",
          customer,
          accountNumber: store.accountNumber("12"),
          accountName: "TEST-MANAGED-ACCOUNT",
          bank: SIM_BANKS["titan-paystack"]!,
          expiresAt,
          payer: null,
          metadata: typeof b.metadata === "object" && b.metadata !== null ? (b.metadata as Record<string, unknown>) : null,
          createdAt: new Date(),
          paidAt: null,
          refunded: 0,
        };
        store.transactions.set(reference, t);
        return ok("Charge attempted", chargeView(t));
      },
    },
    {
      method: "POST",
      path: "/customer",
      handle(req) {
        const b = req.body;
        const email = s(b.email).toLowerCase();
        if (!EMAIL.test(email)) return fail(400, "Invalid Email Address Passed");
        const existing = store.customerByEmail(email);
        if (existing) {
          existing.firstName = s(b.first_name) || existing.firstName;
          existing.lastName = s(b.last_name) || existing.lastName;
          existing.phone = s(b.phone) || existing.phone;
          return ok("Customer updated", { ...customerView(existing), ...customerExtras(existing) });
        }
        const c = newCustomer(store, { email, firstName: s(b.first_name) || null, lastName: s(b.last_name) || null, phone: s(b.phone) || null });
        return ok("Customer created", { ...customerView(c), ...customerExtras(c) });
      },
    },
    {
      method: "POST",
      path: "/dedicated_account",
      handle(req) {
        const b = req.body;
        const customer = store.customerByCodeOrId(s(b.customer));
        if (!customer) return fail(404, "Customer not found");
        const slug = s(b.preferred_bank) || "wema-bank";
        const bank = SIM_BANKS[slug];
        if (!bank) return fail(400, `Preferred bank ${slug} is not available for dedicated accounts on this integration`);
        if (!customer.firstName || !customer.lastName || !customer.phone)
          return fail(400, "Customer's first name, last name and phone number are required to create a dedicated account");
        const taken = [...store.dedicated.values()].find((d) => d.customer.id === customer.id && d.bank.slug === slug && d.active);
        if (taken) return fail(400, "Customer already has an active dedicated virtual account on this bank");
        const d = {
          id: store.next(),
          customer,
          accountNumber: store.accountNumber("99"),
          accountName: `OWO SIM/${customer.firstName} ${customer.lastName}`.toUpperCase(),
          bank,
          active: true,
          createdAt: new Date(),
        };
        store.dedicated.set(d.id, d);
        return ok("NUBAN successfully created", dedicatedView(d));
      },
    },
    {
      method: "GET",
      path: "/dedicated_account",
      handle(req) {
        const customer = req.query.get("customer");
        const slug = req.query.get("provider_slug");
        const active = req.query.get("active");
        const all = [...store.dedicated.values()].filter(
          (d) =>
            (!customer || String(d.customer.id) === customer || d.customer.code === customer) &&
            (!slug || d.bank.slug === slug) &&
            (active === null || String(d.active) === active),
        );
        const { slice, meta } = paged(all, req);
        return ok("Managed accounts successfully retrieved", slice.map(dedicatedListView), 200, meta);
      },
    },
    {
      method: "POST",
      path: "/refund",
      handle(req) {
        const b = req.body;
        const t = store.transactionByIdOrReference(s(b.transaction));
        if (!t) return fail(404, "Transaction not found");
        if (t.status !== "success") return fail(400, "Cannot refund a transaction that was not successful");
        const amount = b.amount === undefined ? t.amount - t.refunded : koboIn(b.amount);
        if (amount === null || amount <= 0) return fail(400, "Invalid amount: an integer number of kobo is required");
        if (amount > t.amount - t.refunded) return fail(400, "Refund amount cannot be more than the transaction's unrefunded amount");
        if (amount > store.balance) return fail(400, "Your balance is not enough to fulfil this request");
        t.refunded += amount;
        store.balance -= amount;
        const r = {
          id: store.next(),
          transaction: t,
          amount,
          status: "pending" as const,
          merchantNote: s(b.merchant_note),
          customerNote: s(b.customer_note) || `Refund for transaction ${t.reference}`,
          createdAt: new Date(),
          refundedAt: null,
        };
        store.refunds.set(r.id, r);
        return ok("Refund has been queued for processing", createdRefundView(r));
      },
    },
    {
      method: "GET",
      path: "/refund",
      handle(req) {
        const transaction = req.query.get("transaction");
        const all = [...store.refunds.values()].filter(
          (r) => inPeriod(r.createdAt, req) && (!transaction || r.transaction.reference === transaction || String(r.transaction.id) === transaction),
        );
        const { slice, meta } = paged(all, req);
        return ok("Refunds retrieved", slice.map(refundView), 200, { ...meta, failedRefundCount: all.filter((r) => r.status === "failed").length });
      },
    },
    {
      method: "GET",
      path: "/refund/:id",
      handle(req) {
        const r = store.refunds.get(Number(req.params.id));
        return r ? ok("Refund retrieved", refundView(r)) : fail(404, "Refund not found");
      },
    },
  ];
}

function customerExtras(c: SimCustomer) {
  return {
    transactions: [],
    subscriptions: [],
    authorizations: [],
    integration: 463433,
    domain: "test",
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.createdAt.toISOString(),
    identified: false,
    identifications: null,
  };
}

export function newCustomer(store: SimStore, c: { email: string; firstName?: string | null; lastName?: string | null; phone?: string | null }): SimCustomer {
  const customer: SimCustomer = {
    id: store.next(),
    code: store.code("CUS"),
    email: c.email.toLowerCase(),
    firstName: c.firstName ?? null,
    lastName: c.lastName ?? null,
    phone: c.phone ?? null,
    createdAt: new Date(),
  };
  store.customers.set(customer.code, customer);
  return customer;
}
