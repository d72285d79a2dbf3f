"use server";

import { getDb } from "@/db/client";
import { actionClient } from "@/lib/actions/safe-action";
import { actionClientIp } from "@/lib/http/action-client-ip";
import { requestBaseUrl } from "@/lib/http/request-base-url";
import { PayLinkInput, startLinkPayment } from "@/lib/payment-links/start-link-payment";

// The payment-link page's one action, public like the page: the slug is what the merchant
// shared. It starts a checkout session (the one road) and answers where to pay it.
export const startLinkPaymentAction = actionClient
  .inputSchema(PayLinkInput)
  .action(async ({ parsedInput }) => startLinkPayment(await getDb(), { ...parsedInput, baseUrl: await requestBaseUrl(), clientIp: await actionClientIp() }));
