"use server";

import { z } from "zod";
import { getDb } from "@/db/client";
import { actionClient } from "@/lib/actions/safe-action";
import { embedPayment } from "@/lib/hosted/embed-payment";
import { requireInvoiceForPage, invoicePageView } from "@/lib/hosted/invoice-page";
import { chooseInvoicePayMethod, simulateInvoicePagePayment } from "@/lib/hosted/invoice-page-pay";
import { SIMULATED_METHODS, simulateCheckoutPayment } from "@/lib/hosted/simulate-checkout-payment";
import { simulatePayIdPayment } from "@/lib/hosted/simulate-payid-payment";
import { actionClientIp } from "@/lib/http/action-client-ip";
import { requestBaseUrl } from "@/lib/http/request-base-url";
import { INVOICE_CHANNELS } from "@/lib/invoices/invoice-payment";
import { payerNairaAmount } from "@/lib/money";
import { PayLinkInput, startLinkPayment } from "@/lib/payment-links/start-link-payment";
import { qrSvg } from "@/lib/qr-svg";
import { selectPaymentMethod } from "@/lib/sessions/select-payment-method";
import { switchBank } from "@/lib/sessions/switch-bank";
import { verifySession } from "@/lib/sessions/verify-session";

/*
 * The hosted pages' actions (app/pay, app/i, app/p, app/l), for their components
 * (components/checkout, components/hosted-invoice, components/payment-links/link-pay-form).
 * Public, like the pages: the id in the URL is the customer's capability. No API key is
 * involved, so /v1's public-key origin rules do not apply; Next checks the action's Origin.
 */

// ---- The hosted checkout (app/pay/[sessionId]): the session id from checkout_url (owner: null).

const sessionId = z.uuid("Session not found.");

export const selectMethodAction = actionClient
  .inputSchema(z.object({ sessionId, method: z.enum(["bank_transfer", "payid"]) }))
  .action(async ({ parsedInput }) => {
    const details = await selectPaymentMethod(await getDb(), {
      sessionId: parsedInput.sessionId,
      owner: null,
      method: parsedInput.method,
      baseUrl: await requestBaseUrl(),
    });
    return { details, qrSvg: details.payment_method === "payid" ? await qrSvg(details.qr_data) : null };
  });

export const switchBankAction = actionClient
  .inputSchema(z.object({ sessionId, provider: z.string().trim().min(1).max(64) }))
  .action(async ({ parsedInput }) => switchBank(await getDb(), { sessionId: parsedInput.sessionId, owner: null, provider: parsedInput.provider }));

export const verifyCheckoutAction = actionClient.inputSchema(z.object({ sessionId })).action(async ({ parsedInput }) => {
  const v = await verifySession(await getDb(), { sessionId: parsedInput.sessionId, owner: null });
  // `payment`: what an embedded page passes to the inline script's onSuccess (server data only).
  return { status: v.status, paidAt: v.paid_at, payment: embedPayment(v) };
});

export const simulateCheckoutPaymentAction = actionClient
  .inputSchema(
    z.object({
      sessionId,
      method: z.enum(SIMULATED_METHODS),
      asset: z.string().trim().max(10).optional(),
      network: z.string().trim().max(20).optional(),
    }),
  )
  .action(async ({ parsedInput }) => simulateCheckoutPayment(await getDb(), parsedInput));

// ---- The hosted invoice page (app/i/[publicId]): the public id in payment_url.

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

// ---- The PayID pay page (app/p/[payId]): a PayID is something payers are meant to know.
// Test mode only (simulatePayIdPayment refuses live PayIDs).

export const simulatePayIdPaymentAction = actionClient
  .inputSchema(
    z.object({
      payId: z.string().trim().min(1).max(80),
      mode: z.enum(["test", "live"]).optional(),
      amount: payerNairaAmount,
    }),
  )
  .action(async ({ parsedInput }) => simulatePayIdPayment(await getDb(), parsedInput));

// ---- The payment-link page (app/l/[slug]): the slug is what the merchant shared. It starts a
// checkout session (the one road) and answers where to pay it.

export const startLinkPaymentAction = actionClient
  .inputSchema(PayLinkInput)
  .action(async ({ parsedInput }) => startLinkPayment(await getDb(), { ...parsedInput, baseUrl: await requestBaseUrl(), clientIp: await actionClientIp() }));
