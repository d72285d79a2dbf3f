import type { Db } from "@/db/client";
import { appError } from "@/lib/errors";
import { payLink } from "@/lib/public-links";
import { ensureInvoiceInstrument } from "@/lib/invoices/ensure-invoice-instrument";
import { assertInvoicePayable, type InvoiceChannel } from "@/lib/invoices/invoice-payment";
import { amountRemaining } from "@/lib/invoices/invoice-view";
import { payInvoice } from "@/lib/payments/pay-invoice";
import { formatNaira } from "@/lib/money";
import { invoicePageView, requireInvoiceForPage, type InvoicePageView } from "./invoice-page";
import { qrSvg } from "@/lib/qr-svg";
import { simulationLiveRefused, SIMULATED_PAYER } from "./sandbox-only";

/** Where the customer sends money for an invoice: its current account or PayID (any amount, several payments). */
export type InvoicePayDetails =
  | { channel: "bank_transfer"; accountNumber: string; bankName: string; accountName: string; expiresAt: string | null }
  | { channel: "payid"; payId: string; qrData: string; qrSvg: string; expiresAt: string };

/**
 * The hosted invoice page's "pay by …": the invoice's current account or PayID for that
 * channel, issued when it has none that still takes money (ensureInvoiceInstrument). An
 * invoice that takes no payment is refused there (DESTINATION_CLOSED) with the reason.
 */
export async function chooseInvoicePayMethod(
  db: Db,
  input: { publicId: string; channel: InvoiceChannel; baseUrl: string },
): Promise<{ details: InvoicePayDetails; serverNow: number }> {
  const invoice = await requireInvoiceForPage(db, input.publicId);
  const instrument = await ensureInvoiceInstrument(db, { invoice, channel: input.channel });
  const serverNow = Date.now();
  if (instrument.kind === "virtual_account") {
    const a = instrument.account;
    return {
      details: {
        channel: "bank_transfer",
        accountNumber: a.accountNumber ?? "",
        bankName: a.bankName,
        accountName: a.accountName ?? "",
        expiresAt: a.expiresAt?.toISOString() ?? null,
      },
      serverNow,
    };
  }
  const qrData = payLink(input.baseUrl, instrument.payId);
  return {
    details: { channel: "payid", payId: instrument.payId, qrData, qrSvg: await qrSvg(qrData), expiresAt: instrument.dynamicPayId.expiresAt.toISOString() },
    serverNow,
  };
}

const tooMuch = (remaining: number) => appError("AMOUNT_REJECTED", { message: `Enter at most ${formatNaira(remaining)}, the amount still owed.` });

/**
 * The hosted invoice page's "Simulate payment" (test mode only): pays the invoice through the
 * sandbox bank by the chosen channel, into the same account or PayID the page shows, exactly
 * as POST /v1/sandbox/payments {invoice_id, channel} would. Without partial payments the
 * amount is the whole remainder whatever the page sent; with them, the page never offers more
 * than the remainder. A live invoice is refused. Answers the payment and the page as it now stands.
 */
export async function simulateInvoicePagePayment(
  db: Db,
  input: { publicId: string; channel: InvoiceChannel; amount: number },
): Promise<{ payment: { reference: string; amount: number; channel: string }; view: InvoicePageView }> {
  const invoice = await requireInvoiceForPage(db, input.publicId);
  if (invoice.mode !== "test") throw simulationLiveRefused();
  assertInvoicePayable(invoice);
  const remaining = amountRemaining(invoice);
  if (invoice.allowPartialPayments && input.amount > remaining) throw tooMuch(remaining);
  const amount = invoice.allowPartialPayments ? input.amount : remaining;
  const paid = await payInvoice(db, { invoice, channel: input.channel, amount, payer: SIMULATED_PAYER, actor: "sandbox" });
  const after = await requireInvoiceForPage(db, input.publicId);
  return { payment: { reference: paid.reference, amount: paid.amount, channel: paid.channel }, view: await invoicePageView(db, after) };
}
