/**
 * The Monnify endpoints the simulator serves, from memory, with Monnify's envelope and its
 * documented error answers (developers.monnify.com/docs/error-codes): D03 invalid account,
 * D04 insufficient balance, D05 reference already exists, D02 no such disbursement; R1–R9 for
 * refunds; "Duplicate payment reference", "You can not reserve two accounts with the same
 * reference.", "Could not find transaction with the specified transaction reference".
 */
import { randomBytes, randomUUID } from "node:crypto";
import { findBank } from "@/lib/bank/nigerian-banks";
import { sandboxAccountName } from "@/lib/rails/sandbox/account-names";
import type { SimReply, SimRequest, SimRoute } from "@/lib/rails/simulator/sim-server";
import { nairaToKoboExact } from "@/lib/rails/units";
import { nameMatchesRecord } from "./identity";
import { MONNIFY_ISSUE_BANKS } from "./collections";
import { accountView, bankName, naira, refundView, transactionView, transferView, type SimStore, type SimTransaction } from "./sim-store";

export type SimConfig = {
  apiKey: string;
  secretKey: string;
  contractCode: string;
  sourceAccount: string;
  tokenTtlSeconds: number;
  transferFee: number;
  unknownAccount: string;
  otpAccount: string;
  otpCode: string;
  identityName: string;
};

export const ok = (body: unknown, status = 200): SimReply => ({
  status,
  body: { requestSuccessful: true, responseMessage: "success", responseCode: "0", responseBody: body },
});
export const fail = (status: number, code: string, message: string): SimReply => ({
  status,
  body: { requestSuccessful: false, responseMessage: message, responseCode: code },
});

const s = (v: unknown) => (typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : "");
/** A naira amount from a request (JSON number or text, at most two decimals) → kobo, or null. */
function amountOf(v: unknown): number | null {
  if (typeof v !== "number" && typeof v !== "string") return null;
  try {
    const k = nairaToKoboExact(v);
    return k > 0 ? k : null;
  } catch {
    return null;
  }
}

export function monnifyRoutes(store: SimStore, cfg: SimConfig): SimRoute[] {
  const supported = new Set(MONNIFY_ISSUE_BANKS.map((b) => b.bankCode));

  const login = (req: SimRequest): SimReply => {
    const expected = `Basic ${Buffer.from(`${cfg.apiKey}:${cfg.secretKey}`).toString("base64")}`;
    if (req.headers.authorization !== expected) return fail(401, "99", "Invalid authorization header. Please check your api key and secret key");
    const accessToken = randomBytes(24).toString("base64url");
    store.tokens.set(accessToken, Date.now() + cfg.tokenTtlSeconds * 1000);
    return ok({ accessToken, expiresIn: cfg.tokenTtlSeconds });
  };

  const disburse = (req: SimRequest): SimReply => {
    const b = req.body;
    const reference = s(b.reference);
    const amount = amountOf(b.amount);
    for (const field of [
      "reference",
      "narration",
      "destinationBankCode",
      "destinationAccountNumber",
      "destinationAccountName",
      "currency",
      "sourceAccountNumber",
    ]) {
      if (!s(b[field])) return fail(400, "D01", `${field} is required`);
    }
    if (amount === null) return fail(400, "D01", "Invalid amount");
    if (store.transfers.has(reference)) return fail(400, "D05", "Supplied reference already exists!");
    if (s(b.sourceAccountNumber) !== cfg.sourceAccount) return fail(400, "D01", "Supplied account number does not belong to merchant");
    if (s(b.currency) !== "NGN") return fail(400, "D01", "Unknown currency code supplied");
    const bankCode = s(b.destinationBankCode);
    if (!findBank(bankCode)) return fail(400, "D01", "Unknown destination bank code");
    const account = s(b.destinationAccountNumber);
    if (!/^\d{10}$/.test(account) || account === cfg.unknownAccount) return fail(400, "D03", "Invalid destination account number");
    if (store.balance < amount + cfg.transferFee) return fail(400, "D04", "Insufficient balance");
    store.balance -= amount + cfg.transferFee;
    const t = {
      reference,
      transactionReference: `MFDS${Date.now()}${String(store.next()).padStart(6, "0")}`,
      amount,
      fee: cfg.transferFee,
      narration: s(b.narration),
      destinationBankCode: bankCode,
      destinationAccountNumber: account,
      destinationAccountName: s(b.destinationAccountName),
      sourceAccountNumber: cfg.sourceAccount,
      status: account === cfg.otpAccount ? ("PENDING_AUTHORIZATION" as const) : ("PENDING" as const),
      description: null,
      sessionId: null,
      createdOn: new Date(),
      completedOn: null,
    };
    store.transfers.set(reference, t);
    const v = transferView(t);
    return ok({
      amount: v.amount,
      reference,
      status: t.status,
      dateCreated: v.createdOn,
      totalFee: v.fee,
      destinationAccountName: v.destinationAccountName,
      destinationBankName: v.destinationBankName,
      destinationAccountNumber: account,
      destinationBankCode: bankCode,
    });
  };

  const reserve = (req: SimRequest): SimReply => {
    const b = req.body;
    const accountReference = s(b.accountReference);
    if (s(b.contractCode) !== cfg.contractCode) return fail(400, "99", "Invalid contract code supplied.");
    for (const field of ["accountReference", "accountName", "customerEmail"]) if (!s(b[field])) return fail(400, "99", `${field} is required`);
    if (s(b.currencyCode) !== "NGN") return fail(400, "99", "Unknown currency code supplied.");
    const bvn = s(b.bvn) || null;
    const nin = s(b.nin) || null;
    if ((!bvn && !nin) || (bvn && !/^\d{11}$/.test(bvn)) || (nin && !/^\d{11}$/.test(nin))) return fail(400, "99", "BVN is invalid. Must be 11 digits");
    if (store.accounts.has(accountReference)) return fail(400, "99", "You can not reserve two accounts with the same reference.");
    const all = b.getAllAvailableBanks !== false;
    const preferred = Array.isArray(b.preferredBanks) ? b.preferredBanks.map(s) : [];
    if (!all && preferred.length === 0) return fail(400, "99", "Please provide at least one preferred bank");
    const unsupported = preferred.find((c) => !supported.has(c));
    if (!all && unsupported) return fail(400, "99", `We do not support virtual accounts from banks with code ${unsupported}.`);
    const codes = all ? [...supported] : preferred;
    const accountName = s(b.accountName);
    const a = {
      accountReference,
      accountName,
      customerEmail: s(b.customerEmail),
      customerName: s(b.customerName) || accountName,
      bvn,
      nin,
      status: "ACTIVE" as const,
      reservationReference: randomBytes(10).toString("hex").toUpperCase(),
      accounts: codes.map((code) => ({ bankCode: code, bankName: bankName(code), accountNumber: store.accountNumber("70"), accountName })),
      createdOn: new Date(),
    };
    store.accounts.set(accountReference, a);
    return ok(accountView(a, cfg.contractCode));
  };

  const initTransaction = (req: SimRequest): SimReply => {
    const b = req.body;
    const amount = amountOf(b.amount);
    const paymentReference = s(b.paymentReference);
    if (s(b.contractCode) !== cfg.contractCode) return fail(400, "99", "Could not find specified contract");
    if (amount === null || amount < 2000) return fail(400, "99", "Amount must be greater than 20");
    if (!s(b.customerEmail)) return fail(400, "99", "customerEmail is required");
    if (!paymentReference) return fail(400, "99", "paymentReference is required");
    if (s(b.currencyCode || "NGN") !== "NGN") return fail(400, "99", "Unknown currency code supplied");
    if ([...store.transactions.values()].some((t) => t.paymentReference === paymentReference)) return fail(400, "99", "Duplicate payment reference");
    const t: SimTransaction = {
      transactionReference: store.transactionReference(),
      paymentReference,
      expected: amount,
      amountPaid: 0,
      fee: 0,
      paymentStatus: "PENDING",
      paymentDescription: s(b.paymentDescription),
      product: { type: "API_NOTIFICATION", reference: paymentReference },
      customer: { name: s(b.customerName), email: s(b.customerEmail) },
      destination: null,
      payer: null,
      metaData: typeof b.metaData === "object" && b.metaData !== null ? (b.metaData as Record<string, unknown>) : {},
      createdOn: new Date(),
      expiresOn: new Date(Date.now() + 2400_000),
      paidOn: null,
      refunded: 0,
    };
    store.transactions.set(t.transactionReference, t);
    return ok({
      transactionReference: t.transactionReference,
      paymentReference,
      merchantName: "Owo Simulator",
      apiKey: cfg.apiKey,
      enabledPaymentMethod: ["ACCOUNT_TRANSFER"],
      checkoutUrl: `https://sandbox.sdk.monnify.com/checkout/${t.transactionReference}`,
    });
  };

  const initPayment = (req: SimRequest): SimReply => {
    const t = store.transactions.get(s(req.body.transactionReference));
    if (!t || t.expected === null) return fail(400, "99", "Invalid transaction reference supplied");
    store.expire(t);
    if (t.paymentStatus !== "PENDING") return fail(400, "99", "Payment already exists");
    t.destination ??= { accountNumber: store.accountNumber("60"), bankCode: "035", bankName: "Wema Bank" };
    const remaining = Math.max(0, Math.floor(((t.expiresOn?.getTime() ?? Date.now()) - Date.now()) / 1000));
    return ok({
      accountNumber: t.destination.accountNumber,
      accountName: t.customer.name || "Owo Simulator",
      bankName: t.destination.bankName,
      bankCode: t.destination.bankCode,
      accountDurationSeconds: remaining,
      ussdPayment: s(req.body.bankCode) ? `*945*000*${t.destination.accountNumber}*${naira(t.expected)}#` : null,
      requestTime: new Date().toISOString(),
      expiresOn: t.expiresOn?.toISOString() ?? null,
      transactionReference: t.transactionReference,
      paymentReference: t.paymentReference,
      amount: naira(t.expected),
      fee: 0,
      totalPayable: naira(t.expected),
      collectionChannel: "API_NOTIFICATION",
      productInformation: null,
    });
  };

  const refund = (req: SimRequest): SimReply => {
    const b = req.body;
    const refundReference = s(b.refundReference);
    const amount = amountOf(b.refundAmount);
    const t = store.transactions.get(s(b.transactionReference));
    if (!refundReference) return fail(400, "99", "refundReference is required");
    if (store.refunds.has(refundReference)) return fail(400, "R9", "Refund reference already exists for this merchant");
    if (!t || t.paymentStatus === "PENDING" || t.paymentStatus === "EXPIRED") return fail(400, "R1", "Transaction with the specified reference does not exist");
    if (s(b.refundReason).length > 64 || s(b.customerNote).length > 16) return fail(400, "R8", "A supplied value exceeded its character limit");
    if (amount === null) return fail(400, "99", "refundAmount is required");
    if (t.refunded >= t.amountPaid) return fail(400, "R12", "Total refunds on this transaction already equal the transaction amount");
    if (amount > t.amountPaid - t.refunded) return fail(400, "R3", "Refund amount is above the transaction amount");
    if (amount < 10_000) return fail(400, "R4", "Refund amount is below the minimum refundable amount");
    if (store.balance < amount) return fail(400, "R5", "Merchant has insufficient funds to process the refund");
    store.balance -= amount;
    t.refunded += amount;
    const r = {
      refundReference,
      transactionReference: t.transactionReference,
      amount,
      reason: s(b.refundReason),
      note: s(b.customerNote),
      status: "IN_PROGRESS" as const,
      destinationAccountNumber: s(b.destinationAccountNumber) || null,
      destinationAccountBankCode: s(b.destinationAccountBankCode) || null,
      createdOn: new Date(),
      completedOn: null,
    };
    store.refunds.set(refundReference, r);
    return ok(refundView(r, t.amountPaid));
  };

  const page = <T>(items: T[], q: URLSearchParams, pageKey: string, sizeKey: string) => {
    const number = Math.max(0, Number(q.get(pageKey) ?? 0) || 0);
    const size = Math.max(1, Number(q.get(sizeKey) ?? 10) || 10);
    return {
      content: items.slice(number * size, (number + 1) * size),
      number,
      size,
      totalElements: items.length,
      totalPages: Math.ceil(items.length / size),
      last: (number + 1) * size >= items.length,
      first: number === 0,
    };
  };
  const within = (d: Date | null, from: string | null, to: string | null) =>
    !!d && (!from || d.getTime() >= Number(from)) && (!to || d.getTime() <= Number(to));

  return [
    { method: "POST", path: "/api/v1/auth/login", auth: false, handle: login },
    {
      method: "GET",
      path: "/api/v1/disbursements/account/validate",
      handle: (req) => {
        const accountNumber = req.query.get("accountNumber") ?? "";
        const bankCode = req.query.get("bankCode") ?? "";
        if (!/^\d{10}$/.test(accountNumber) || !findBank(bankCode) || accountNumber === cfg.unknownAccount)
          return fail(400, "99", "Invalid account details supplied");
        return ok({ accountNumber, accountName: sandboxAccountName(bankCode, accountNumber), bankCode });
      },
    },
    { method: "POST", path: "/api/v2/disbursements/single", handle: disburse },
    {
      method: "POST",
      path: "/api/v2/disbursements/single/validate-otp",
      handle: (req) => {
        const t = store.transfers.get(s(req.body.reference));
        if (!t) return fail(404, "D02", "Could not find disbursement transaction for given reference");
        if (t.status !== "PENDING_AUTHORIZATION") return fail(400, "D01", "Transaction is not pending authorization");
        if (s(req.body.authorizationCode) !== cfg.otpCode) return fail(400, "D01", "Invalid OTP supplied");
        t.status = "PENDING";
        const v = transferView(t);
        return ok({
          amount: v.amount,
          reference: t.reference,
          status: t.status,
          dateCreated: v.createdOn,
          totalFee: v.fee,
          destinationAccountName: v.destinationAccountName,
          destinationBankName: v.destinationBankName,
          destinationAccountNumber: v.destinationAccountNumber,
          destinationBankCode: v.destinationBankCode,
        });
      },
    },
    {
      method: "GET",
      path: "/api/v2/disbursements/single/summary",
      handle: (req) => {
        const t = store.transfers.get(req.query.get("reference") ?? "");
        return t ? ok(transferView(t)) : fail(404, "D02", "Could not find disbursement transaction for given reference");
      },
    },
    {
      method: "GET",
      path: "/api/v2/disbursements/wallet-balance",
      handle: (req) =>
        req.query.get("accountNumber") === cfg.sourceAccount
          ? ok({ availableBalance: naira(store.balance), ledgerBalance: naira(store.balance) })
          : fail(400, "99", "Supplied account number does not belong to merchant"),
    },
    {
      method: "GET",
      path: "/api/v2/disbursements/search-transactions",
      handle: (req) => {
        if (req.query.get("sourceAccountNumber") !== cfg.sourceAccount) return fail(400, "99", "Supplied account number does not belong to merchant");
        const list = [...store.transfers.values()].filter((t) => within(t.createdOn, req.query.get("startDate"), req.query.get("endDate")));
        return ok(page(list.map(transferView), req.query, "pageNo", "pageSize"));
      },
    },
    {
      method: "GET",
      path: "/api/v2/transactions/:transactionReference",
      handle: (req) => {
        const t = store.transactions.get(req.params.transactionReference ?? "");
        return t ? ok(transactionView(store.expire(t))) : fail(404, "99", "Could not find transaction with the specified transaction reference");
      },
    },
    {
      method: "GET",
      path: "/api/v2/merchant/transactions/query",
      handle: (req) => {
        const ref = req.query.get("paymentReference") ?? req.query.get("transactionReference") ?? "";
        const t = [...store.transactions.values()].find((x) => x.paymentReference === ref || x.transactionReference === ref);
        return t ? ok(transactionView(store.expire(t))) : fail(404, "99", `Could not find transaction with payment reference ${ref} for merchant`);
      },
    },
    {
      method: "GET",
      path: "/api/v1/transactions/search",
      handle: (req) => {
        const list = [...store.transactions.values()].filter((t) => t.paidOn && within(t.paidOn, req.query.get("from"), req.query.get("to")));
        return ok(page(list.map(transactionView), req.query, "page", "size"));
      },
    },
    { method: "POST", path: "/api/v1/merchant/transactions/init-transaction", handle: initTransaction },
    { method: "POST", path: "/api/v1/merchant/bank-transfer/init-payment", handle: initPayment },
    { method: "POST", path: "/api/v2/bank-transfer/reserved-accounts", handle: reserve },
    {
      method: "GET",
      path: "/api/v2/bank-transfer/reserved-accounts/:accountReference",
      handle: (req) => {
        const a = store.accounts.get(req.params.accountReference ?? "");
        return a ? ok(accountView(a, cfg.contractCode)) : fail(404, "99", "Cannot find reserved account");
      },
    },
    {
      method: "DELETE",
      path: "/api/v1/bank-transfer/reserved-accounts/reference/:accountReference",
      handle: (req) => {
        const a = store.accounts.get(req.params.accountReference ?? "");
        if (!a) return fail(404, "99", "Cannot find reserved account");
        a.status = "DEALLOCATED";
        return ok(accountView(a, cfg.contractCode));
      },
    },
    { method: "POST", path: "/api/v1/refunds/initiate-refund", handle: refund },
    {
      method: "GET",
      path: "/api/v1/refunds/:refundReference",
      handle: (req) => {
        const r = store.refunds.get(req.params.refundReference ?? "");
        if (!r) return fail(404, "R7", "No refund was initiated with the supplied refund reference");
        return ok(refundView(r, store.transactions.get(r.transactionReference)?.amountPaid ?? r.amount));
      },
    },
    {
      method: "POST",
      path: "/api/v1/vas/bvn-details-match",
      handle: (req) => {
        const bvn = s(req.body.bvn);
        if (!/^\d{11}$/.test(bvn)) return fail(400, "99", "BVN must be 11 digits");
        if (bvn.endsWith("9999")) return fail(503, "99", "BVN service is temporarily unavailable");
        const name = s(req.body.name);
        const [first, ...rest] = cfg.identityName.split(" ");
        const full = !bvn.endsWith("0000") && nameMatchesRecord(name, { firstName: first ?? "", lastName: rest.join(" ") });
        const partial =
          !full &&
          !bvn.endsWith("0000") &&
          name
            .toUpperCase()
            .split(/\s+/)
            .some((w) => cfg.identityName.toUpperCase().split(" ").includes(w));
        return ok({ bvn, name: { matchStatus: full ? "FULL_MATCH" : partial ? "PARTIAL_MATCH" : "NO_MATCH", matchPercentage: full ? 100 : partial ? 50 : 0 } });
      },
    },
    {
      method: "POST",
      path: "/api/v1/vas/nin-details",
      handle: (req) => {
        const nin = s(req.body.nin);
        if (!/^\d{11}$/.test(nin)) return fail(400, "99", "NIN must be 11 digits");
        if (nin.endsWith("9999")) return fail(503, "99", "NIN service is temporarily unavailable");
        const [firstName, ...rest] = (nin.endsWith("0000") ? "Chidi Okeke" : cfg.identityName).toUpperCase().split(" ");
        return ok({
          nin,
          firstName,
          lastName: rest.join(" "),
          middleName: null,
          dateOfBirth: "1990-01-01",
          gender: "F",
          mobileNumber: "08000000000",
          requestId: randomUUID(),
        });
      },
    },
  ];
}
