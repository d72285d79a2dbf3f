"use server";

import { z } from "zod";
import { embedPayment } from "@/components/checkout/embed-payment";
import { getDb } from "@/db/client";
import { actionClient } from "@/lib/actions/safe-action";
import { qrSvg } from "@/lib/qr-svg";
import { SIMULATED_METHODS, simulateCheckoutPayment } from "@/lib/hosted/simulate-checkout-payment";
import { requestBaseUrl } from "@/lib/http/request-base-url";
import { selectPaymentMethod } from "@/lib/sessions/select-payment-method";
import { switchBank } from "@/lib/sessions/switch-bank";
import { verifySession } from "@/lib/sessions/verify-session";

// The hosted checkout's actions. Public: the session id from checkout_url is the customer's
// capability (owner: null), exactly as the page itself. No API key is involved, so the
// public-key origin rules of /v1 do not apply here; Next checks the action's Origin itself.

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
