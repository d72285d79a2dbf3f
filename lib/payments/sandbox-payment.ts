import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db, DbOrTx } from "@/db/client";
import { checkoutSessions, invoices, staticAccounts, virtualAccounts, type Mode } from "@/db/schema";
import { resolveCryptoSelector } from "@/lib/crypto-assets/catalogue";
import { validationError } from "@/lib/errors";
import { deliverAfterCommit } from "@/lib/events/deliver-after-commit";
import { randomDigits } from "@/lib/ids";
import { payInvoice } from "./pay-invoice";
import { findPayId } from "@/lib/payids/find-pay-id";
import { destinationNotFound } from "@/lib/destination-errors";
import { receivePayment, type Destination, type Payer } from "./receive-payment";
import { isUuid } from "@/lib/text-patterns";
import { koboSchema } from "@/lib/money";

const DESTINATIONS = ["account_number", "pay_id", "session_id", "invoice_id"] as const;

export const SandboxPaymentBody = z
  .object({
    account_number: z.string().trim().max(20).optional(),
    pay_id: z.string().trim().min(1).max(80).optional(),
    session_id: z.string().trim().max(64).optional(),
    invoice_id: z.string().trim().max(64).optional(),
    channel: z.enum(["bank_transfer", "payid", "card", "crypto"]).optional(),
    amount: koboSchema("amount", { min: 1, max: 100_000_000_000 }),
    payer: z
      .object({ name: z.string().trim().max(200).optional(), bank: z.string().trim().max(100).optional(), account: z.string().trim().max(20).optional() })
      .optional(),
    narration: z.string().max(255).optional(),
    asset: z.string().max(10).optional(),
    network: z.string().max(20).optional(),
  })
  .refine((b) => DESTINATIONS.filter((d) => b[d] !== undefined).length === 1, {
    message: "body needs exactly one of account_number, pay_id, session_id, invoice_id",
    path: [],
  })
  .refine((b) => b.session_id === undefined || b.channel === "card" || b.channel === "crypto", {
    message: "channel must be card or crypto when paying a session_id",
    path: ["channel"],
  })
  .refine((b) => b.invoice_id === undefined || b.channel === "bank_transfer" || b.channel === "payid", {
    message: "channel must be bank_transfer or payid when paying an invoice_id",
    path: ["channel"],
  });
type Body = z.output<typeof SandboxPaymentBody>;

/** Sandbox naira price of one unit of each asset, for the payer's crypto amount. */
const NAIRA_PER_UNIT: Record<string, number> = { USDT: 1_500, USDC: 1_500, BTC: 150_000_000, ETH: 5_000_000 };

/** A test card, masked as api.md requires (first 6 and last 4, never the full number). */
const SANDBOX_CARD = { masked_pan: "408408******4081", card_type: "visa" };

/**
 * POST /v1/sandbox/payments: books a payment exactly as a real inbound payment would, through
 * receivePayment, to any destination a test-mode payer can reach: a PayID (wallet, static or
 * dynamic), a virtual account or a static NGN account by its number (when no virtual account has the
 * number), a session by card or crypto, or one of the key's
 * own invoices by bank transfer or PayID, exactly as its hosted page pays it (payInvoice).
 */
export async function makeSandboxPayment(
  db: Db,
  input: { mode: Mode; body: Body; /** The paying key's merchant: whose invoices `invoice_id` can name. */ merchantId?: string },
) {
  const { body } = input;
  if (body.invoice_id !== undefined) return sandboxInvoicePayment(db, { merchantId: input.merchantId, mode: input.mode, invoiceId: body.invoice_id, body });
  const result = await db.transaction(async (tx) => {
    const { destination, payer } = await resolveDestination(tx, input.mode, body);
    return receivePayment(tx, { destination, amount: body.amount, payer, narration: body.narration });
  });
  deliverAfterCommit(result.eventIds);
  return { reference: result.reference, channel: result.channel, amount: result.amount, status: result.status };
}

/** Only the key's merchant and mode can pay its invoice this way; anything else is not found. */
async function sandboxInvoicePayment(db: Db, input: { merchantId: string | undefined; mode: Mode; invoiceId: string; body: Body }) {
  const { body } = input;
  if (!input.merchantId) throw destinationNotFound("invoice");
  const [invoice] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.publicId, input.invoiceId), eq(invoices.merchantId, input.merchantId), eq(invoices.mode, input.mode)));
  if (!invoice) throw destinationNotFound("invoice");
  const result = await payInvoice(db, {
    invoice,
    channel: body.channel as "bank_transfer" | "payid",
    amount: body.amount,
    payer: sandboxPayer(body),
    narration: body.narration,
    actor: "sandbox",
  });
  return { reference: result.reference, channel: result.channel, amount: result.amount, status: result.status };
}

const sandboxPayer = (body: Body): Payer => ({
  name: body.payer?.name ?? "Sandbox Payer",
  bank: body.payer?.bank ?? "Sandbox Bank",
  account: body.payer?.account ?? "0123456789",
});

async function resolveDestination(tx: DbOrTx, mode: Mode, body: Body): Promise<{ destination: Destination; payer: Payer }> {
  const payer = sandboxPayer(body);
  if (body.pay_id !== undefined) {
    const payId = await findPayId(tx, { mode, payId: body.pay_id });
    if (!payId) throw destinationNotFound("PayID");
    return { destination: { kind: "pay_id", payId }, payer };
  }
  if (body.account_number !== undefined) {
    const [account] = await tx
      .select({ id: virtualAccounts.id })
      .from(virtualAccounts)
      .where(and(eq(virtualAccounts.mode, mode), eq(virtualAccounts.accountNumber, body.account_number)));
    if (account) return { destination: { kind: "virtual_account", virtualAccountId: account.id }, payer };
    const [staticAccount] = await tx
      .select({ id: staticAccounts.id })
      .from(staticAccounts)
      .where(and(eq(staticAccounts.mode, mode), eq(staticAccounts.accountNumber, body.account_number)));
    if (!staticAccount) throw destinationNotFound("account");
    // A NIP session id: 30 digits, as the payer's bank reports it.
    return { destination: { kind: "static_account", staticAccountId: staticAccount.id, sessionId: randomDigits(30) }, payer };
  }
  if (body.session_id !== undefined) {
    if (!isUuid(body.session_id)) throw destinationNotFound("session");
    const [session] = await tx
      .select({ id: checkoutSessions.id, amount: checkoutSessions.amount, cryptoAssets: checkoutSessions.cryptoAssets })
      .from(checkoutSessions)
      .where(and(eq(checkoutSessions.id, body.session_id), eq(checkoutSessions.mode, mode)));
    if (!session) throw destinationNotFound("session");
    const channel = body.channel as "card" | "crypto";
    if (channel === "card") return { destination: { kind: "session", sessionId: session.id, channel }, payer: { name: payer.name, card: SANDBOX_CARD } };
    return {
      destination: { kind: "session", sessionId: session.id, channel },
      payer: { name: payer.name, crypto: cryptoPaid(session.cryptoAssets, body, session.amount) },
    };
  }
  throw destinationNotFound("destination");
}

/** The asset the sandbox payer sent: the one named (it must be offered), else the first offered. */
function cryptoPaid(offered: string[], body: Body, amountKobo: number): NonNullable<Payer["crypto"]> {
  const pairs = offered.flatMap((s) => resolveCryptoSelector(s));
  const chosen = body.asset
    ? pairs.find((a) => a.assetCode === body.asset!.toUpperCase() && (body.network === undefined || a.network === body.network.toLowerCase()))
    : pairs[0];
  if (!chosen)
    throw validationError([
      body.asset
        ? `asset ${body.asset}${body.network ? `:${body.network}` : ""} is not offered by this session`
        : "asset: this session offers no crypto assets",
    ]);
  const units = amountKobo / 100 / (NAIRA_PER_UNIT[chosen.assetCode] ?? 1_500);
  return { asset: chosen.assetCode, network: chosen.network, amount: units.toFixed(Math.min(chosen.decimals, 8)) };
}
