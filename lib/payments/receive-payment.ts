import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { payments } from "@/db/schema";
import { collectionFee, type Channel } from "@/lib/fees/collection-fee";
import type { InvoiceActor } from "@/lib/invoices/invoice-events";
import { clearingAccount, platformAccount, providerFeesAccount, walletAccountFor } from "@/lib/ledger/accounts";
import { pendingSettlementAccount } from "@/lib/ledger/pending-settlement";
import { postEntry } from "@/lib/ledger/post-entry";
import { payerFor, type Payer } from "./charge-success";
import { holdDestination } from "./hold-destination";
import type { Booking, Destination, ReceivedPayment } from "./payment-destination";

export type { Payer } from "./charge-success";
export type { Destination, ReceivedPayment } from "./payment-destination";

/**
 * The one entry point for inbound money, however it arrives (sandbox, hosted page simulate, a
 * partner's callback) and wherever it lands (lib/payments/receive-instruments.ts: PayIDs,
 * virtual accounts, sessions, static accounts, and the invoices and sessions that issued an
 * account or PayID). In the caller's transaction: holdDestination locks the destination and
 * applies its expiry and amount rules; then one ledger entry (bank_clearing → the settlement
 * wallet, or a static account's pending_settlement, less the collection fee), the `payments`
 * row, the destination's state changes and its events (charge.success; an invoice's too).
 * A `reference` already booked is a duplicate bank notification: nothing happens twice.
 * `actor` is who an invoice's timeline names (default the paying customer).
 */
export async function receivePayment(
  tx: DbOrTx,
  input: {
    destination: Destination;
    amount: number;
    payer?: Payer;
    narration?: string | null;
    reference?: string;
    actor?: InvoiceActor;
    /** Money that came through a rail (supplement §11): which, its reference there and the fee it kept (kobo). */
    rail?: { name: string; reference: string; fee: number | null };
  },
): Promise<ReceivedPayment> {
  const staticAccount = input.destination.kind === "static_account";
  const duplicate = (reference: string, channel: Channel, amount: number): ReceivedPayment => ({
    reference,
    channel,
    amount,
    status: "completed",
    eventIds: [],
    duplicate: true,
    ...(staticAccount ? { paymentId: null } : {}),
  });
  if (input.reference) {
    const [seen] = await tx
      .select({ reference: payments.reference, channel: payments.channel, amount: payments.amount })
      .from(payments)
      .where(eq(payments.reference, input.reference));
    if (seen) return duplicate(seen.reference, seen.channel as Channel, seen.amount);
  }
  const { booking, complete } = await holdDestination(tx, input.destination, {
    amount: input.amount,
    actor: input.actor ?? "customer",
    reference: input.reference,
  });
  const { reference, channel } = booking;
  const fee = collectionFee(channel, input.amount);
  const payer = payerFor(channel, input.payer);
  const narration = input.narration ?? null;
  const paidAt = new Date();
  const created = await bookEntry(tx, booking, { amount: input.amount, fee, payer, narration, rail: input.rail });
  if (!created) return duplicate(reference, channel, input.amount);

  await tx.insert(payments).values({
    reference,
    merchantId: booking.merchantId,
    mode: booking.mode,
    keyPairId: booking.keyPairId,
    channel,
    amount: input.amount,
    fee,
    destinationKind: booking.kind,
    settlementPayIdId: booking.settlementPayIdId,
    payer,
    narration,
    paidAt,
    ...(input.rail ? { rail: input.rail.name, railReference: input.rail.reference, railFee: input.rail.fee } : {}),
    ...booking.row,
  });
  const { eventIds, paymentId } = await complete(tx, { reference, amount: input.amount, fee, payer, narration, paidAt });
  return { reference, channel, amount: input.amount, status: "completed", eventIds, duplicate: false, ...(staticAccount ? { paymentId } : {}) };
}

/**
 * The payment's ledger entry: gross from the rail's clearing account (the sandbox's:
 * bank_clearing) into the credited account, the fee out of it; the provider's own fee, when
 * it kept one, from the platform's cost into clearing. False when the reference was booked before.
 */
async function bookEntry(
  tx: DbOrTx,
  b: Booking,
  p: { amount: number; fee: number; payer: { name: string | null }; narration: string | null; rail?: { name: string; fee: number | null } },
): Promise<boolean> {
  const owner = { merchantId: b.merchantId, mode: b.mode };
  const providerFee = p.rail && p.rail.name !== "sandbox" ? (p.rail.fee ?? 0) : 0;
  const [clearing, credit, feeRevenue, providerFees] = await Promise.all([
    clearingAccount(tx, b.mode, p.rail?.name),
    b.credit === "wallet" ? walletAccountFor(tx, { id: b.settlementPayIdId, ...owner }) : pendingSettlementAccount(tx, owner),
    platformAccount(tx, b.mode, "fee_revenue"),
    providerFee > 0 ? providerFeesAccount(tx, b.mode, p.rail!.name) : null,
  ]);
  const { created } = await postEntry(tx, {
    reference: b.reference,
    mode: b.mode,
    merchantId: b.merchantId,
    kind: "payment",
    description: `Payment to ${b.label}${p.payer.name ? ` from ${p.payer.name}` : ""}`,
    metadata: { channel: b.channel, payer: p.payer, narration: p.narration, fee: p.fee, destination: b.kind, ...b.ledgerMetadata },
    moves: [
      { from: clearing.id, to: credit.id, amount: p.amount },
      ...(p.fee > 0 ? [{ from: credit.id, to: feeRevenue.id, amount: p.fee }] : []),
      ...(providerFees ? [{ from: providerFees.id, to: clearing.id, amount: providerFee }] : []),
    ],
  });
  return created;
}
