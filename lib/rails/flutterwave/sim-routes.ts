/**
 * The Flutterwave v3 endpoints the simulator serves, from memory, with Flutterwave's envelope
 * `{status, message, data}` and error answers `{status: "error", message, data: null}`
 * (developer.flutterwave.com, "Errors": validation errors 400, authorization errors 401).
 * Every route answers under `/v3/…` (the documented base URL includes `/v3`) and, for a base
 * URL pointed at the simulator's root, without it.
 */
import { randomBytes } from "node:crypto";
import { findBank } from "@/lib/bank/nigerian-banks";
import { sandboxAccountName } from "@/lib/rails/sandbox/account-names";
import type { SimReply, SimRequest, SimRoute } from "@/lib/rails/simulator/sim-server";
import { nairaToKoboExact } from "@/lib/rails/units";
import { accountView, nairaFromMills, refundView, transactionView, transferFeeMills, transferView, type SimStore, type SimTransfer } from "./sim-store";

export type SimConfig = { secretKey: string; unknownAccount: string; approvalAccount: string };

export const ok = (message: string, data: unknown, extra: Record<string, unknown> = {}): SimReply => ({
  status: 200,
  body: { status: "success", message, ...extra, data },
});
export const fail = (status: number, message: string): SimReply => ({ status, body: { status: "error", message, data: null } });

const s = (v: unknown) => (typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : "");

/** A naira amount from a request (JSON number or text, at most two decimals, positive) → kobo, or null. */
function amountOf(v: unknown): number | null {
  if (typeof v !== "number" && typeof v !== "string") return null;
  try {
    const k = nairaToKoboExact(v);
    return k > 0 ? k : null;
  } catch {
    return null;
  }
}

const ref = (prefix: string) => `${prefix}${randomBytes(16).toString("hex")}`;
const page = <T>(items: T[], q: URLSearchParams, size = 10) => {
  const n = Math.max(1, Number(q.get("page") ?? 1) || 1);
  return {
    items: items.slice((n - 1) * size, n * size),
    meta: { page_info: { total: items.length, current_page: n, total_pages: Math.max(1, Math.ceil(items.length / size)) } },
  };
};

/** `from` / `to` (YYYY-MM-DD, inclusive, as Flutterwave's list endpoints take them) against a record's UTC date. */
const onDays = (d: Date, q: URLSearchParams) => {
  const day = d.toISOString().slice(0, 10);
  const from = q.get("from");
  const to = q.get("to");
  return (!from || day >= from) && (!to || day <= to);
};

export function flutterwaveRoutes(store: SimStore, cfg: SimConfig): SimRoute[] {
  const resolve = (req: SimRequest): SimReply => {
    const accountNumber = s(req.body.account_number);
    const bank = s(req.body.account_bank);
    if (!accountNumber) return fail(400, "account_number is required");
    if (!bank) return fail(400, "account_bank is required");
    if (!/^\d{10}$/.test(accountNumber) || accountNumber === cfg.unknownAccount || !findBank(bank))
      return fail(400, "Sorry, that account number is invalid, please check and try again");
    return ok("Account details fetched", { account_number: accountNumber, account_name: sandboxAccountName(bank, accountNumber) });
  };

  const createTransfer = (req: SimRequest): SimReply => {
    const b = req.body;
    const amount = amountOf(b.amount);
    const accountBank = s(b.account_bank);
    const accountNumber = s(b.account_number);
    const currency = s(b.currency).toUpperCase();
    if (amount === null) return fail(400, "amount is required and must be a positive number with at most two decimals");
    if (!accountBank) return fail(400, "account_bank is required");
    if (!accountNumber) return fail(400, "account_number is required");
    if (currency !== "NGN") return fail(400, "currency is required");
    if (!findBank(accountBank)) return fail(400, "Invalid bank code");
    const reference = s(b.reference) || ref("FLW-TRF-");
    if (reference.length > 100) return fail(400, "reference must be at most 100 characters");
    if (store.transfers.has(reference)) return fail(400, "Transfer with this reference already exists");
    const fee = transferFeeMills(amount);
    const unknown = accountNumber === cfg.unknownAccount || !/^\d{10}$/.test(accountNumber);
    if (!unknown && store.balanceMills < amount * 10 + fee) return fail(400, "Insufficient funds in customer wallet");
    const t: SimTransfer = {
      id: store.next(),
      reference,
      amount,
      fee,
      accountBank,
      accountNumber,
      fullName: unknown ? "N/A" : s(b.beneficiary_name) || sandboxAccountName(accountBank, accountNumber),
      narration: s(b.narration),
      status: unknown ? "FAILED" : "NEW",
      completeMessage: unknown ? "DISBURSE FAILED: Account resolve failed" : "",
      requiresApproval: accountNumber === cfg.approvalAccount,
      isApproved: accountNumber !== cfg.approvalAccount,
      debited: !unknown,
      createdAt: new Date(),
    };
    if (t.debited) store.balanceMills -= amount * 10 + fee;
    store.transfers.set(reference, t);
    return ok("Transfer Queued Successfully", transferView(t));
  };

  const listTransfers = (req: SimRequest): SimReply => {
    const reference = req.query.get("reference");
    const status = req.query.get("status")?.toUpperCase();
    const all = [...store.transfers.values()]
      .reverse()
      .filter((t) => (!reference || t.reference === reference) && (!status || t.status === status) && onDays(t.createdAt, req.query));
    const p = page(all, req.query);
    return ok("Transfers fetched", p.items.map(transferView), { meta: p.meta });
  };

  const verify = (req: SimRequest): SimReply => {
    const t = store.transactions.get(Number(req.params.id));
    if (!/^\d+$/.test(req.params.id ?? "") || !t) return fail(400, "No transaction was found for this id");
    return ok("Transaction fetched successfully", transactionView(t));
  };

  const verifyByReference = (req: SimRequest): SimReply => {
    const txRef = req.query.get("tx_ref") ?? "";
    const t = [...store.transactions.values()].reverse().find((x) => x.txRef === txRef);
    if (!t) return fail(400, "No transaction was found for this tx_ref");
    return ok("Transaction fetched successfully", transactionView(t));
  };

  const refund = (req: SimRequest): SimReply => {
    const t = store.transactions.get(Number(req.params.id));
    if (!/^\d+$/.test(req.params.id ?? "") || !t) return fail(400, "No transaction was found for this id");
    if (t.status !== "successful") return fail(400, "Only successful transactions can be refunded");
    const amount = req.body.amount === undefined ? t.amount - t.refunded : amountOf(req.body.amount);
    if (amount === null || amount <= 0) return fail(400, "amount must be a positive number with at most two decimals");
    if (amount > t.amount - t.refunded) return fail(400, "Refund amount exceeds the transaction amount");
    if (store.balanceMills < amount * 10) return fail(400, "Insufficient balance to process refund");
    store.balanceMills -= amount * 10;
    t.refunded += amount;
    const r = {
      id: store.next(),
      txId: t.id,
      flwRef: `URF_${Date.now()}_${store.next()}`,
      amount,
      status: "completed" as const,
      comments: s(req.body.comments),
      createdAt: new Date(),
    };
    store.refunds.set(r.id, r);
    return ok("Transaction refund initiated", refundView(r));
  };

  const createAccount = (req: SimRequest): SimReply => {
    const b = req.body;
    const email = s(b.email);
    if (!email || !email.includes("@")) return fail(400, "email is required");
    if (typeof b.is_permanent !== "boolean") return fail(400, "is_permanent is required");
    const bvn = s(b.bvn);
    if (b.is_permanent && !/^\d{11}$/.test(bvn)) return fail(400, "BVN is required for static account number");
    let amount: number | null = null;
    if (!b.is_permanent) {
      amount = amountOf(b.amount);
      if (amount === null) return fail(400, "amount is required for a temporary account number");
    }
    const now = new Date();
    const expirySeconds = Number(b.expiry);
    const durationDays = Number(b.duration);
    const expiresAt = b.is_permanent
      ? null
      : new Date(now.getTime() + (expirySeconds > 0 ? expirySeconds * 1000 : durationDays > 0 ? durationDays * 86_400_000 : 3_600_000));
    const name = s(b.narration) || [s(b.firstname), s(b.lastname)].filter(Boolean).join(" ") || "Flutterwave Merchant";
    const a = {
      id: store.next(),
      orderRef: `URF_${now.getTime()}_${store.next()}`,
      flwRef: `FLW-${randomBytes(16).toString("hex")}`,
      txRef: s(b.tx_ref) || ref("VA-"),
      email,
      isPermanent: b.is_permanent,
      bvn: bvn || null,
      amount,
      accountNumber: store.accountNumber(),
      bankName: "WEMA BANK",
      narration: name,
      status: "active" as const,
      createdAt: now,
      expiresAt,
    };
    store.accounts.set(a.orderRef, a);
    return ok("Virtual account created", accountView(a));
  };

  const getAccount = (req: SimRequest): SimReply => {
    const a = store.accounts.get(req.params.order_ref ?? "");
    return a ? ok("Virtual account fetched", accountView(a)) : fail(404, "Virtual account not found");
  };

  const updateAccount = (req: SimRequest): SimReply => {
    const a = store.accounts.get(req.params.order_ref ?? "");
    if (!a) return fail(404, "Virtual account not found");
    const status = s(req.body.status).toLowerCase();
    if (status === "inactive") {
      a.status = "inactive";
      return ok("Account status updated successfully", accountView(a));
    }
    if (status === "active") {
      if (!a.isPermanent) return fail(400, "Only static virtual accounts can be reactivated");
      a.status = "active";
      return ok("Account status updated successfully", accountView(a));
    }
    const bvn = s(req.body.bvn);
    if (/^\d{11}$/.test(bvn)) {
      a.bvn = bvn;
      return ok("BVN updated", accountView(a));
    }
    return fail(400, "status must be active or inactive");
  };

  const balances = (req: SimRequest): SimReply => {
    const currency = (req.params.currency ?? "NGN").toUpperCase();
    const ngn = { currency: "NGN", available_balance: nairaFromMills(store.balanceMills), ledger_balance: nairaFromMills(store.balanceMills) };
    if (!req.params.currency) return ok("Wallet balances fetched", [ngn]);
    if (currency !== "NGN") return ok("Wallet balance fetched", { currency, available_balance: 0, ledger_balance: 0 });
    return ok("Wallet balance fetched", ngn);
  };

  const routes: SimRoute[] = [
    { method: "POST", path: "/accounts/resolve", handle: resolve },
    // Before /transfers/:id: "fee" is not an id.
    {
      method: "GET",
      path: "/transfers/fee",
      handle: (req) => {
        const amount = amountOf(req.query.get("amount") ?? "");
        if (amount === null) return fail(400, "amount is required");
        return ok("Transfer fee fetched", [
          { currency: (req.query.get("currency") ?? "NGN").toUpperCase(), fee_type: "value", fee: nairaFromMills(transferFeeMills(amount)) },
        ]);
      },
    },
    { method: "POST", path: "/transfers", handle: createTransfer },
    { method: "GET", path: "/transfers", handle: listTransfers },
    {
      method: "GET",
      path: "/transfers/:id",
      handle: (req) => {
        const t = /^\d+$/.test(req.params.id ?? "") ? store.transferById(Number(req.params.id)) : undefined;
        return t ? ok("Transfer fetched", transferView(t)) : fail(404, "Transfer not found");
      },
    },
    { method: "GET", path: "/transactions/verify_by_reference", handle: verifyByReference },
    { method: "GET", path: "/transactions/:id/verify", handle: verify },
    {
      method: "GET",
      path: "/transactions",
      handle: (req) => {
        const status = req.query.get("status")?.toLowerCase();
        const list = [...store.transactions.values()].reverse().filter((t) => (!status || t.status === status) && onDays(t.createdAt, req.query));
        const p = page(list.map(transactionView), req.query);
        return ok("Transactions fetched", p.items, { meta: p.meta });
      },
    },
    { method: "POST", path: "/transactions/:id/refund", handle: refund },
    {
      method: "GET",
      path: "/refunds",
      handle: (req) => {
        const id = req.query.get("id");
        const p = page(
          [...store.refunds.values()]
            .reverse()
            .filter((r) => !id || String(r.txId) === id)
            .map(refundView),
          req.query,
        );
        return ok("Refunds fetched", p.items, { meta: p.meta });
      },
    },
    {
      method: "GET",
      path: "/refunds/:id",
      handle: (req) => {
        const r = store.refunds.get(Number(req.params.id));
        return r ? ok("Refund fetched", refundView(r)) : fail(404, "Refund not found");
      },
    },
    { method: "POST", path: "/virtual-account-numbers", handle: createAccount },
    { method: "GET", path: "/virtual-account-numbers/:order_ref", handle: getAccount },
    { method: "POST", path: "/virtual-account-numbers/:order_ref", handle: updateAccount },
    { method: "PUT", path: "/virtual-account-numbers/:order_ref", handle: updateAccount },
    { method: "GET", path: "/balances/:currency", handle: balances },
    { method: "GET", path: "/balances", handle: balances },
  ];
  return routes.flatMap((r) => [{ ...r, path: `/v3${r.path}` }, r]);
}
