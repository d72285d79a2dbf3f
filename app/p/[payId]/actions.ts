"use server";

import { z } from "zod";
import { getDb } from "@/db/client";
import { actionClient } from "@/lib/actions/safe-action";
import { simulatePayIdPayment } from "@/lib/hosted/simulate-payid-payment";
import { payerNairaAmount } from "@/lib/money";

// The PayID pay page's one action, public like the page: a PayID is something payers are
// meant to know. Test mode only (simulatePayIdPayment refuses live PayIDs). No API key is
// involved, so /v1's public-key origin rules do not apply; Next checks the action's Origin.

export const simulatePayIdPaymentAction = actionClient
  .inputSchema(
    z.object({
      payId: z.string().trim().min(1).max(80),
      mode: z.enum(["test", "live"]).optional(),
      amount: payerNairaAmount,
    }),
  )
  .action(async ({ parsedInput }) => simulatePayIdPayment(await getDb(), parsedInput));
