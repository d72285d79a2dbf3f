/**
 * A Flutterwave simulator (`npx owo rails simulate flutterwave`, and the tests): Flutterwave's
 * documented v3 endpoints served from memory (sim-routes.ts) behind `Authorization: Bearer
 * <secret key>`, webhooks signed as Flutterwave signs them (`verif-hash: <secret hash>` and
 * `flutterwave-signature: base64 HMAC-SHA256 of the raw body keyed with the secret hash`),
 * and the control calls of lib/rails/simulator/sim-control.ts.
 *
 * Point `FLUTTERWAVE_BASE_URL` at `<simulator url>/v3` (the documented base URL includes
 * `/v3`; the routes also answer without it).
 *
 * Deterministic behaviours (FLUTTERWAVE_SIM_DEFAULTS): account `unknownAccount` fails name
 * enquiry, and a payout to it fails at once ("DISBURSE FAILED: Account resolve failed");
 * a payout to `approvalAccount` waits for a dashboard approval (`requires_approval: 1`).
 * Payouts start `NEW` and the balance goes down by amount + fee when one is accepted; a
 * repeated reference answers 400 "Transfer with this reference already exists".
 */
import { startSimServer, type SimRequest, type SimServer } from "@/lib/rails/simulator/sim-server";
import { providerReference } from "./reference";
import { flutterwaveRoutes, type SimConfig } from "./sim-routes";
import { chargeEvent, collectionFee, mask, sessionId, SimStore, transferEvent, type SimTransaction } from "./sim-store";
import { HASH_HEADER, SIGNATURE_HEADER, signFlutterwaveBody } from "./webhook";

export const FLUTTERWAVE_SIM_DEFAULTS = {
  secretKey: "FLWSECK_TEST-owosimulator00000000000000000000-X",
  secretHash: "owo-flutterwave-sim-secret-hash",
  /** Kobo in the NGN balance at start (₦1,000,000). */
  balance: 100_000_000,
  unknownAccount: "0000000000",
  approvalAccount: "0000000099",
} as const;

export type FlutterwaveSimulatorOptions = {
  port?: number;
  webhookUrl?: string | null;
  secretKey?: string;
  secretHash?: string;
  /** Kobo. */
  balance?: number;
};

const s = (v: unknown) => (typeof v === "string" ? v.trim() : "");
const rec = (v: unknown): Record<string, unknown> => (typeof v === "object" && v !== null ? (v as Record<string, unknown>) : {});

export async function startFlutterwaveSimulator(opts: FlutterwaveSimulatorOptions = {}): Promise<SimServer> {
  const secretHash = opts.secretHash ?? FLUTTERWAVE_SIM_DEFAULTS.secretHash;
  const cfg: SimConfig = {
    secretKey: opts.secretKey ?? FLUTTERWAVE_SIM_DEFAULTS.secretKey,
    unknownAccount: FLUTTERWAVE_SIM_DEFAULTS.unknownAccount,
    approvalAccount: FLUTTERWAVE_SIM_DEFAULTS.approvalAccount,
  };
  const store = new SimStore(opts.balance ?? FLUTTERWAVE_SIM_DEFAULTS.balance);
  let server: SimServer | null = null;
  const send = (payload: unknown) => (server ? server.sendWebhook(payload) : Promise.resolve(null));

  const authorize = (req: SimRequest) => {
    const key = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? "")?.[1]?.trim();
    if (key === cfg.secretKey) return null;
    return { status: 401, body: { status: "error", message: key ? "Invalid authorization key" : "Authorization required", data: null } };
  };

  /**
   * Money into an account number. An active account this simulator issued (not expired) gives
   * the transaction its `tx_ref` and customer; any other number is still reported, as money
   * Flutterwave holds for no account of Owo's.
   */
  const pay = async (b: Record<string, unknown>) => {
    const accountNumber = s(b.account_number);
    const amount = b.amount;
    if (!/^\d{10}$/.test(accountNumber)) throw new Error("account_number must be 10 digits");
    if (typeof amount !== "number" || !Number.isSafeInteger(amount) || amount <= 0) throw new Error("amount must be positive integer kobo");
    const p = rec(b.payer);
    const now = new Date();
    const found = store.accountByNumber(accountNumber);
    const account = found && found.status === "active" && (!found.expiresAt || found.expiresAt > now) ? found : undefined;
    const id = store.next();
    const fee = collectionFee(amount);
    const t: SimTransaction = {
      id,
      txRef: account?.txRef ?? `FLW-UNMATCHED-${id}`,
      flwRef: s(b.session_id) || sessionId(),
      amount,
      fee,
      status: "successful",
      narration: account?.narration ?? "Bank transfer",
      customer: {
        id: store.next(),
        name: account?.narration ?? "Anonymous customer",
        email: account?.email ?? "anonymous@flutterwave.invalid",
        createdAt: now,
      },
      payer: { name: s(p.name) || "SIM PAYER", bank: s(p.bank) || "Access Bank", account: s(p.account) || "0123456789" },
      accountNumber,
      sessionId: s(b.session_id) || sessionId(),
      refunded: 0,
      createdAt: now,
    };
    store.transactions.set(id, t);
    store.balanceMills += (amount - fee) * 10;
    return { provider_reference: String(id), webhook_status: await send(chargeEvent(t)) };
  };

  /** Settles a payout by Owo's reference and sends `transfer.completed`. */
  const settle = async (b: Record<string, unknown>) => {
    const owo = s(b.reference);
    const outcome = s(b.outcome);
    if (!["success", "failed", "reversed"].includes(outcome)) throw new Error("outcome must be success, failed or reversed");
    const t = store.transfers.get(owo) ?? store.transfers.get(providerReference(owo));
    if (!t) throw new Error(`no transfer ${owo}`);
    if (outcome === "success") Object.assign(t, { status: "SUCCESSFUL", completeMessage: "Transaction was successful", isApproved: true });
    else
      Object.assign(t, {
        status: outcome === "failed" ? "FAILED" : "REVERSED",
        completeMessage:
          s(b.reason) || (outcome === "failed" ? "DISBURSE FAILED: Beneficiary bank unavailable" : "Transfer reversed: returned by the beneficiary bank"),
      });
    if (outcome !== "success" && t.debited) {
      store.balanceMills += t.amount * 10 + t.fee;
      t.debited = false;
    }
    return { status: b.webhook === false ? null : await send(transferEvent(t)) };
  };

  server = await startSimServer(
    {
      name: "Flutterwave",
      routes: flutterwaveRoutes(store, cfg),
      authorize,
      sign: (rawBody) => ({ [HASH_HEADER]: secretHash, [SIGNATURE_HEADER]: signFlutterwaveBody(rawBody, secretHash) }),
      forge: (rawBody) => ({ [HASH_HEADER]: `${secretHash}-forged`, [SIGNATURE_HEADER]: signFlutterwaveBody(rawBody, `${secretHash}-forged`) }),
      controls: {
        pay,
        "transfers/settle": settle,
        // Flutterwave v3 authenticates with a static secret key: there is no token to expire.
        "expire-token": () => ({ ok: true, note: "Flutterwave v3 uses a static secret key; nothing expires" }),
        balance: (b) => {
          if (typeof b.amount !== "number" || !Number.isSafeInteger(b.amount) || b.amount < 0) throw new Error("amount must be integer kobo");
          store.balanceMills = b.amount * 10;
          return { balance: store.balanceKobo };
        },
        state: () => ({
          balance: store.balanceKobo,
          transfers: [...store.transfers.values()],
          accounts: [...store.accounts.values()],
          transactions: [...store.transactions.values()].map((t) => ({ ...t, payer: { ...t.payer, masked: mask(t.payer.account) } })),
          refunds: [...store.refunds.values()],
        }),
      },
    },
    { port: opts.port, webhookUrl: opts.webhookUrl ?? null },
  );
  return server;
}
