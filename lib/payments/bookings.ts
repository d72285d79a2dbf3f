import type { DbOrTx } from "@/db/client";
import type { CheckoutSession, Invoice, StaticAccount } from "@/db/schema";
import { emitEvents } from "@/lib/events/emit-event";
import type { Channel } from "@/lib/fees/collection-fee";
import { prefixedId } from "@/lib/ids";
import type { InvoiceActor } from "@/lib/invoices/invoice-events";
import { applyInvoicePayment, invoicePaymentFields, type InvoiceChannel } from "@/lib/invoices/invoice-payment";
import { getWalletPayId } from "@/lib/payids/find-pay-id";
import { recordStaticAccountPayment, staticChargeSuccessData } from "@/lib/static-accounts/static-account-destination";
import { accountKeyPairIds } from "@/lib/wallets/wallet-key-pairs";
import { chargeSuccessData } from "./charge-success";
import type { Booking, InstrumentIds } from "./payment-destination";

/**
 * What a payment is booked as (lib/payments/receive-instruments.ts): its instrument's own
 * booking, or, for an account or PayID a session or an invoice issued, the session's or the
 * invoice's. Money lands in the settlement wallet unless the booking says otherwise.
 */

/** A payment's reference: the bank's when it gave one, else a new one. */
export const fresh = (reference: string | undefined) => reference ?? prefixedId("payment");

export const own = (b: Omit<Booking, "credit">): Booking => ({ ...b, credit: "wallet" });

/** A payment for a session (by card or crypto, or into the account or PayID it issued): one completes it, under its own reference. */
export const sessionBooking = (s: CheckoutSession, channel: Channel, ids: InstrumentIds): Booking =>
  own({
    kind: "session",
    merchantId: s.merchantId,
    mode: s.mode,
    settlementPayIdId: s.settlementPayIdId,
    keyPairId: s.keyPairId,
    channel,
    // One payment completes a session: its reference makes a second booking impossible.
    reference: s.reference,
    label: `checkout ${s.reference}`,
    row: {
      ...ids,
      sessionId: s.id,
      merchantReference: s.merchantReference ?? null,
      customerEmail: s.customerEmail ?? null,
      customerName: s.customerName ?? null,
      metadata: s.metadata ?? null,
    },
    session: s,
  });

/**
 * A payment into an invoice's account or PayID: booked against the invoice (its customer,
 * reference and key pair); the invoice's rules and effects live in lib/invoices/invoice-payment.ts
 * (charge.success with its fields, invoice.payment_received, invoice.paid). The instrument
 * takes further payments until the invoice is paid.
 */
export const invoiceBooking = (
  locked: { invoice: Invoice; eventIds: string[] },
  channel: InvoiceChannel,
  reference: string,
  ids: InstrumentIds,
  actor: InvoiceActor,
): Booking => {
  const { invoice } = locked;
  return own({
    kind: "invoice",
    merchantId: invoice.merchantId,
    mode: invoice.mode,
    settlementPayIdId: invoice.settlementPayIdId,
    keyPairId: invoice.keyPairId,
    channel,
    reference,
    label: `invoice ${invoice.invoiceNumber}`,
    row: { ...ids, ...invoicePaymentFields(invoice) },
    events: async (tx, paid) => {
      const chargeSuccess = chargeSuccessData({ ...paid, channel });
      const applied = await applyInvoicePayment(tx, invoice, {
        amount: paid.amount,
        channel,
        reference: paid.reference,
        payerName: paid.payer.name,
        paidAt: paid.paidAt,
        actor,
        chargeSuccess,
      });
      // The events a due date applied while the invoice was locked come first.
      return { eventIds: [...locked.eventIds, ...applied.eventIds] };
    },
  });
};

/**
 * A transfer into a static NGN account: gross into the merchant's pending_settlement and the
 * fee out of it; the account's counters and its static_account_payments row (until the
 * cutoff); charge.success to the key pair that created it, else the keys linked to the
 * merchant's wallet (which the payments row names as where it settles).
 */
export async function staticAccountBooking(tx: DbOrTx, account: StaticAccount, p: { reference: string; sessionId: string | null }): Promise<Booking> {
  const wallet = await getWalletPayId(tx, { merchantId: account.merchantId, mode: account.mode });
  if (!wallet) throw new Error(`Merchant ${account.merchantId} has no ${account.mode} wallet PayID`);
  const { sessionId } = p;
  return {
    kind: "static_account",
    merchantId: account.merchantId,
    mode: account.mode,
    settlementPayIdId: wallet.id,
    keyPairId: account.keyPairId,
    channel: "static_account",
    reference: p.reference,
    label: `static account ${account.accountNumber}`,
    credit: "pending_settlement",
    row: { merchantReference: account.reference, customerEmail: account.customerEmail, customerName: account.customerName, metadata: account.metadata ?? null },
    ledgerMetadata: { static_account_id: account.id, session_id: sessionId },
    events: async (tx, paid) => {
      const payer = { name: paid.payer.name, bank: (paid.payer.bank as string | null) ?? null, account: (paid.payer.account as string | null) ?? null };
      const booked = { reference: paid.reference, amount: paid.amount, fee: paid.fee, payer, narration: paid.narration, sessionId };
      const paymentId = await recordStaticAccountPayment(tx, account, { ...booked, receivedAt: paid.paidAt });
      const keyPairIds = await accountKeyPairIds(tx, account, wallet);
      const data = staticChargeSuccessData({ account, ...booked, paidAt: paid.paidAt });
      const eventIds = await emitEvents(
        tx,
        keyPairIds.map((keyPairId) => ({ merchantId: account.merchantId, mode: account.mode, keyPairId, type: "charge.success", data })),
      );
      return { eventIds, paymentId };
    },
  };
}
