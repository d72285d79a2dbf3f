/**
 * A Monnify simulator (`npx owo rails simulate monnify`, and the tests): Monnify's documented
 * endpoints served from memory (sim-routes.ts), Basic-auth login for bearer tokens that expire,
 * webhooks signed as Monnify signs them (`monnify-signature`: HMAC-SHA512 hex of the raw body
 * with the secret key), and the control calls of lib/rails/simulator/sim-control.ts.
 *
 * Deterministic behaviours (MONNIFY_SIM_DEFAULTS): account `unknownAccount` fails name
 * enquiry and payouts (D03); a payout to `otpAccount` waits in PENDING_AUTHORIZATION until
 * `validate-otp` with `otpCode`; every BVN/NIN belongs to `identityName` (numbers ending 0000
 * to someone else, 9999: the registry does not answer). Payouts start PENDING and the wallet
 * goes down by amount + fee when one is accepted; a repeated reference answers D05.
 */
import { startSimServer, type SimRequest, type SimServer } from "@/lib/rails/simulator/sim-server";
import { providerReference } from "./reference";
import { monnifyRoutes, type SimConfig } from "./sim-routes";
import { collectionEvent, disbursementEvent, payerBank, refundEvent, sessionId, SimStore, type SimPayer, type SimTransaction } from "./sim-store";
import { signMonnifyBody, SIGNATURE_HEADER } from "./webhook";

export const MONNIFY_SIM_DEFAULTS = {
  apiKey: "MK_TEST_OWOSIMULATOR",
  secretKey: "OWOSIMSECRETKEY00000000000000001",
  contractCode: "7059707855",
  sourceAccount: "6000000001",
  /** Kobo in the wallet at start (₦1,000,000). */
  balance: 100_000_000,
  tokenTtlSeconds: 3600,
  /** Kobo Monnify charges per payout in the simulator (₦10). */
  transferFee: 1_000,
  unknownAccount: "0000000000",
  otpAccount: "0000000099",
  otpCode: "123456",
  identityName: "Ada Obi",
} as const;

export type MonnifySimulatorOptions = {
  port?: number;
  webhookUrl?: string | null;
  apiKey?: string;
  secretKey?: string;
  contractCode?: string;
  sourceAccount?: string;
  balance?: number;
  tokenTtlSeconds?: number;
};

const s = (v: unknown) => (typeof v === "string" ? v.trim() : "");
const rec = (v: unknown): Record<string, unknown> => (typeof v === "object" && v !== null ? (v as Record<string, unknown>) : {});

export async function startMonnifySimulator(opts: MonnifySimulatorOptions = {}): Promise<SimServer> {
  const cfg: SimConfig = {
    ...MONNIFY_SIM_DEFAULTS,
    ...Object.fromEntries(
      Object.entries({
        apiKey: opts.apiKey,
        secretKey: opts.secretKey,
        contractCode: opts.contractCode,
        sourceAccount: opts.sourceAccount,
        tokenTtlSeconds: opts.tokenTtlSeconds,
      }).filter(([, v]) => v !== undefined),
    ),
  };
  const store = new SimStore(opts.balance ?? MONNIFY_SIM_DEFAULTS.balance);
  let server: SimServer | null = null;
  const send = (payload: unknown) => (server ? server.sendWebhook(payload) : Promise.resolve(null));

  const authorize = (req: SimRequest) => {
    const token = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? "")?.[1]?.trim() ?? "";
    const expiry = store.tokens.get(token);
    if (expiry !== undefined && expiry > Date.now()) return null;
    return {
      status: 401,
      body: { error: "invalid_token", error_description: expiry === undefined ? `Invalid access token: ${token}` : `Access token expired: ${token}` },
    };
  };

  /** Money into an account number: a one-off account's transaction, a reserved account, or an unknown number. */
  const pay = async (b: Record<string, unknown>) => {
    const accountNumber = s(b.account_number);
    const amount = b.amount;
    if (!/^\d{10}$/.test(accountNumber)) throw new Error("account_number must be 10 digits");
    if (typeof amount !== "number" || !Number.isSafeInteger(amount) || amount <= 0) throw new Error("amount must be positive integer kobo");
    const p = rec(b.payer);
    const payer: SimPayer = {
      accountName: s(p.name) || "SIM PAYER",
      accountNumber: s(p.account) || "0123456789",
      bankCode: payerBank(s(p.bank) || undefined),
      sessionId: s(b.session_id) || sessionId(),
    };
    const fee = Math.min(Math.round(amount / 100), 200_000);
    const now = new Date();
    const target = store.findAccountNumber(accountNumber);
    let t: SimTransaction;
    if (target && "expected" in target && store.expire(target).paymentStatus === "PENDING" && target.expected !== null) {
      t = target;
      t.paymentStatus = amount === target.expected ? "PAID" : amount > target.expected ? "OVERPAID" : "PARTIALLY_PAID";
    } else {
      const reserved = target && "accounts" in target && target.status === "ACTIVE" ? target : null;
      const at = reserved?.accounts.find((a) => a.accountNumber === accountNumber);
      const transactionReference = store.transactionReference();
      t = {
        transactionReference,
        paymentReference: transactionReference,
        expected: null,
        amountPaid: 0,
        fee: 0,
        paymentStatus: "PAID",
        paymentDescription: reserved?.accountName ?? "Transfer",
        product: { type: "RESERVED_ACCOUNT", reference: reserved?.accountReference ?? null },
        customer: { name: reserved?.customerName ?? "", email: reserved?.customerEmail ?? "" },
        destination: { accountNumber, bankCode: at?.bankCode ?? "50515", bankName: at?.bankName ?? "Moniepoint MFB" },
        payer: null,
        metaData: {},
        createdOn: now,
        expiresOn: null,
        paidOn: null,
        refunded: 0,
      };
      store.transactions.set(transactionReference, t);
    }
    Object.assign(t, { amountPaid: amount, fee, payer, paidOn: now });
    store.balance += amount - fee;
    return { provider_reference: t.transactionReference, webhook_status: await send(collectionEvent(t)) };
  };

  /** Settles a payout (or a refund) by Owo's reference and sends its documented webhook. */
  const settle = async (b: Record<string, unknown>) => {
    const owo = s(b.reference);
    const outcome = s(b.outcome);
    if (!["success", "failed", "reversed"].includes(outcome)) throw new Error("outcome must be success, failed or reversed");
    const reference = store.transfers.has(owo) || store.refunds.has(owo) ? owo : providerReference(owo);
    const notify = b.webhook !== false;
    const t = store.transfers.get(reference);
    if (t) {
      const wasReturned = t.status === "FAILED" || t.status === "REVERSED";
      if (outcome === "success")
        Object.assign(t, { status: "SUCCESS", description: "Approved or completed successfully", sessionId: t.sessionId ?? sessionId() });
      else
        Object.assign(t, {
          status: outcome === "failed" ? "FAILED" : "REVERSED",
          description: s(b.reason) || (outcome === "failed" ? "Rejected by destination institution" : "Transaction reversed"),
        });
      if (outcome !== "success" && !wasReturned) store.balance += t.amount + t.fee;
      t.completedOn = new Date();
      return { status: notify ? await send(disbursementEvent(t)) : null };
    }
    const r = store.refunds.get(reference);
    if (!r) throw new Error(`no transfer or refund ${owo}`);
    if (outcome === "reversed") throw new Error("a refund cannot be reversed");
    if (outcome === "failed" && r.status !== "FAILED") {
      store.balance += r.amount;
      const paid = store.transactions.get(r.transactionReference);
      if (paid) paid.refunded -= r.amount;
    }
    Object.assign(r, { status: outcome === "success" ? "COMPLETED" : "FAILED", completedOn: new Date() });
    return { status: notify ? await send(refundEvent(r)) : null };
  };

  server = await startSimServer(
    {
      name: "Monnify",
      routes: monnifyRoutes(store, cfg),
      authorize,
      sign: (rawBody) => ({ [SIGNATURE_HEADER]: signMonnifyBody(rawBody, cfg.secretKey) }),
      forge: (rawBody) => ({ [SIGNATURE_HEADER]: signMonnifyBody(rawBody, `${cfg.secretKey}-forged`) }),
      controls: {
        pay,
        "transfers/settle": settle,
        "expire-token": () => {
          store.tokens.clear();
          return { ok: true };
        },
        balance: (b) => {
          if (typeof b.amount !== "number" || !Number.isSafeInteger(b.amount) || b.amount < 0) throw new Error("amount must be integer kobo");
          store.balance = b.amount;
          return { balance: store.balance };
        },
        state: () => ({
          balance: store.balance,
          transfers: [...store.transfers.values()],
          accounts: [...store.accounts.values()],
          transactions: [...store.transactions.values()],
          refunds: [...store.refunds.values()],
        }),
      },
    },
    { port: opts.port, webhookUrl: opts.webhookUrl ?? null },
  );
  return server;
}
