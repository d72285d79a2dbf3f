"use server";

import { z } from "zod";
import { getDb } from "@/db/client";
import { actionClient } from "@/lib/actions/safe-action";
import { requireInvoiceForPage, invoicePageView } from "@/lib/hosted/invoice-page";
import { chooseInvoicePayMethod, simulateInvoicePagePayment } from "@/lib/hosted/invoice-page-pay";
import { requestBaseUrl } from "@/lib/http/request-base-url";
import { INVOICE_CHANNELS } from "@/lib/invoices/invoice-payment";
import { payerNairaAmount } from "@/lib/money";

// The hosted invoice page's actions. Public: the public id in payment_url is the customer's
// capability, exactly as the page itself. No API key is involved, so /v1's public-key origin
// rules do not apply; Next checks the action's Origin itself.

const publicId = z.string().trim().min(1).max(80);
const channel = z.enum(INVOICE_CHANNELS);
/** The page as it stands now (what "I've sent the money" polls). */
export const invoicePageAction = actionClient.inputSchema(z.object({ publicId })).action(async ({ parsedInput }) => {
  const db = await getDb();
  return invoicePageView(db, await requireInvoiceForPage(db, parsedInput.publicId));
});

export const chooseInvoiceMethodAction = actionClient
  .inputSchema(z.object({ publicId, channel }))
  .action(async ({ parsedInput }) => chooseInvoicePayMethod(await getDb(), { ...parsedInput, baseUrl: await requestBaseUrl() }));

/** Test mode only (simulateInvoicePagePayment refuses a live invoice). */
export const simulateInvoicePaymentAction = actionClient
  .inputSchema(
    z.object({
      publicId,
      channel,
      amount: payerNairaAmount,
    }),
  )
  .action(async ({ parsedInput }) => simulateInvoicePagePayment(await getDb(), parsedInput));
