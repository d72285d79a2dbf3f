/**
 * A Paystack simulator (`npx owo rails simulate paystack`, and the tests): the Paystack
 * endpoints Owo calls served from memory (sim-routes.ts) behind `Authorization: Bearer <secret
 * key>`, webhooks signed as Paystack signs them (`x-paystack-signature`: hex HMAC-SHA512 of
 * the raw body keyed with the secret key), and the control calls of
 * lib/rails/simulator/sim-control.ts. Point `PAYSTACK_BASE_URL` at the simulator's URL.
 *
 * Deterministic behaviours (PAYSTACK_SIM_DEFAULTS): account `unknownAccount` fails name
 * enquiry (422) and recipient creation (400). Transfers start `pending` (or `otp` while the
 * `otp` control has switched the integration's transfer OTP on) and the balance goes down by
 * amount + fee when one is accepted; a repeated reference answers 400 "Duplicate Transfer
 * Reference" and creates nothing.
 *
 * Extra control calls: `otp` {enabled} (the integration's transfer OTP), `refunds/settle`
 * {id | transaction, outcome: processed | failed | needs-attention, webhook?}.
 */
import { startSimServer, type SimRequest, type SimServer } from "@/lib/rails/simulator/sim-server";
import { providerReference } from "./reference";
import { newCustomer, paystackRoutes } from "./sim-routes";
import { collectionFee, refundEvent, SIM_BANKS, SimStore, transactionView, transferEvent, type SimRefundStatus, type SimTransaction } from "./sim-store";
import { SIGNATURE_HEADER, signPaystackBody } from "./webhook";

export const PAYSTACK_SIM_DEFAULTS = {
  secretKey: "sk_test_owosimulator0000000000000000000000",
  /** Kobo in the NGN balance at start (₦1,000,000). */
  balance: 100_000_000,
  unknownAccount: "0000000000",
} as const;

export type PaystackSimulatorOptions = {
  port?: number;
  webhookUrl?: string | null;
  secretKey?: string;
  /** Kobo. */
  balance?: number;
};

const s = (v: unknown) => (typeof v === "string" ? v.trim() : "");
const rec = (v: unknown): Record<string, unknown> => (typeof v === "object" && v !== null ? (v as Record<string, unknown>) : {});

export async function startPaystackSimulator(opts: PaystackSimulatorOptions = {}): Promise<SimServer> {
  const secretKey = opts.secretKey ?? PAYSTACK_SIM_DEFAULTS.secretKey;
  const store = new SimStore(opts.balance ?? PAYSTACK_SIM_DEFAULTS.balance);
  let server: SimServer | null = null;
  const send = (payload: unknown) => (server ? server.sendWebhook(payload) : Promise.resolve(null));

  const authorize = (req: SimRequest) => {
    const header = req.headers.authorization ?? "";
    if (!header) return { status: 401, body: { status: false, message: "No Authorization header was found" } };
    const key = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim();
    return key === secretKey ? null : { status: 401, body: { status: false, message: "Invalid key" } };
  };

  /**
   * Money into an account number. A pending pay-with-transfer account (not expired) takes its
   * exact amount (another amount, or a late payment, is refused and refunded: Paystack sends
   * `bank.transfer.rejected`); an active dedicated account takes any amount; any other number
   * is still reported, as a transaction for no customer Owo knows.
   */
  const pay = async (b: Record<string, unknown>) => {
    const accountNumber = s(b.account_number);
    const amount = b.amount;
    if (!/^\d{10}$/.test(accountNumber)) throw new Error("account_number must be 10 digits");
    if (typeof amount !== "number" || !Number.isSafeInteger(amount) || amount <= 0) throw new Error("amount must be positive integer kobo");
    const p = rec(b.payer);
    const payer = { name: s(p.name) || "SIM PAYER", bank: s(p.bank) || "Access Bank", account: s(p.account) || "0123456789" };
    const now = new Date();

    const charge = store.chargeByNumber(accountNumber);
    if (charge) {
      const late = !charge.expiresAt || charge.expiresAt <= now;
      if (charge.status !== "pending" || late || amount !== charge.amount) {
        const message = charge.status !== "pending" ? "account already used" : late ? "account expired" : "incorrect amount sent";
        const rejected = {
          event: "bank.transfer.rejected",
          data: {
            bank_transfer: { amount: String(amount), message, message_type: late ? "EXPIRED_ACCOUNT" : "INCORRECT_AMOUNT", transaction_id: String(charge.id) },
            customer: {
              first_name: charge.customer.firstName,
              last_name: charge.customer.lastName,
              email: charge.customer.email,
              phone: null,
              metadata: null,
              domain: "test",
              customer_code: charge.customer.code,
              risk_action: "default",
              id: charge.customer.id,
              integration: 463433,
            },
          },
        };
        return { provider_reference: charge.reference, webhook_status: await send(rejected), rejected: message };
      }
      Object.assign(charge, { status: "success", payer, paidAt: now, fees: collectionFee(amount, "bank_transfer") });
      store.balance += amount - (charge.fees ?? 0);
      return { provider_reference: charge.reference, webhook_status: await send({ event: "charge.success", data: transactionView(charge) }) };
    }

    const dedicated = store.dedicatedByNumber(accountNumber);
    const t: SimTransaction = {
      id: store.next(),
      reference: store.transactionReference(),
      amount,
      fees: collectionFee(amount, "dedicated_nuban"),
      status: "success",
      channel: "dedicated_nuban",
      customer: dedicated?.customer ?? newCustomer(store, { email: `unknown-${accountNumber}@customers.paystack.invalid` }),
      accountNumber,
      accountName: dedicated?.accountName ?? "UNKNOWN ACCOUNT",
      bank: dedicated?.bank ?? SIM_BANKS["wema-bank"]!,
      expiresAt: null,
      payer,
      metadata: null,
      createdAt: now,
      paidAt: now,
      refunded: 0,
    };
    store.transactions.set(t.reference, t);
    store.balance += amount - (t.fees ?? 0);
    return { provider_reference: t.reference, webhook_status: await send({ event: "charge.success", data: transactionView(t) }) };
  };

  /** Settles a payout by Owo's reference (or Paystack's form of it) and sends `transfer.<outcome>`. */
  const settle = async (b: Record<string, unknown>) => {
    const owo = s(b.reference);
    const outcome = s(b.outcome);
    if (!["success", "failed", "reversed"].includes(outcome)) throw new Error("outcome must be success, failed or reversed");
    const t = store.transfers.get(providerReference(owo)) ?? store.transfers.get(owo);
    if (!t) throw new Error(`no transfer ${owo}`);
    const now = new Date();
    if (outcome === "success") {
      if (!t.debited) {
        store.balance -= t.amount + t.fee;
        t.debited = true;
      }
      Object.assign(t, {
        status: "success",
        gatewayResponse: "Approved",
        transferredAt: now,
        sessionId: t.sessionId ?? `0000${Date.now()}${t.id}`.slice(0, 30),
      });
    } else {
      Object.assign(t, {
        status: outcome,
        gatewayResponse: s(b.reason) || (outcome === "failed" ? "Beneficiary bank unavailable" : "Transfer reversed by the beneficiary bank"),
      });
      if (t.debited) {
        store.balance += t.amount + t.fee;
        t.debited = false;
      }
    }
    t.updatedAt = now;
    return { status: b.webhook === false ? null : await send(transferEvent(t)) };
  };

  /** Settles a refund (by Paystack's id or the transaction's reference) and sends `refund.<status>`. */
  const settleRefund = async (b: Record<string, unknown>) => {
    const outcome = s(b.outcome) as SimRefundStatus;
    if (!["processed", "failed", "needs-attention", "processing"].includes(outcome))
      throw new Error("outcome must be processed, failed, needs-attention or processing");
    const r = [...store.refunds.values()].find((x) => String(x.id) === String(b.id ?? "") || x.transaction.reference === s(b.transaction));
    if (!r) throw new Error("no such refund");
    if (outcome === "failed" && r.status !== "failed") {
      store.balance += r.amount;
      r.transaction.refunded -= r.amount;
    }
    r.status = outcome;
    r.refundedAt = outcome === "processed" ? new Date() : null;
    return { status: b.webhook === false ? null : await send(refundEvent(r)) };
  };

  server = await startSimServer(
    {
      name: "Paystack",
      routes: paystackRoutes(store, { unknownAccount: PAYSTACK_SIM_DEFAULTS.unknownAccount }),
      authorize,
      sign: (rawBody) => ({ [SIGNATURE_HEADER]: signPaystackBody(rawBody, secretKey) }),
      forge: (rawBody) => ({ [SIGNATURE_HEADER]: signPaystackBody(rawBody, `${secretKey}-forged`) }),
      controls: {
        pay,
        "transfers/settle": settle,
        "refunds/settle": settleRefund,
        // Paystack authenticates with a static secret key: there is no token to expire.
        "expire-token": () => ({ ok: true, note: "Paystack uses a static secret key; nothing expires" }),
        otp: (b) => {
          store.otp = b.enabled === true;
          return { otp: store.otp };
        },
        balance: (b) => {
          if (typeof b.amount !== "number" || !Number.isSafeInteger(b.amount) || b.amount < 0) throw new Error("amount must be integer kobo");
          store.balance = b.amount;
          return { balance: store.balance };
        },
        state: () => ({
          balance: store.balance,
          otp: store.otp,
          transfers: [...store.transfers.values()],
          recipients: [...store.recipients.values()],
          customers: [...store.customers.values()],
          accounts: [...store.dedicated.values()],
          transactions: [...store.transactions.values()],
          refunds: [...store.refunds.values()].map((r) => ({ ...r, transaction: r.transaction.reference })),
        }),
      },
    },
    { port: opts.port, webhookUrl: opts.webhookUrl ?? null },
  );
  return server;
}
