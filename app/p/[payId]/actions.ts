"use server";

import { z } from "zod";
import { getDb } from "@/db/client";
import { actionClient } from "@/lib/actions/safe-action";
import { simulatePayIdPayment } from "@/lib/hosted/simulate-payid-payment";
import { nairaToKobo } from "@/lib/money";

// The PayID pay page's one action, public like the page: a PayID is something payers are
// meant to know. Test mode only (simulatePayIdPayment refuses live PayIDs). No API key is
// involved, so /v1's public-key origin rules do not apply; Next checks the action's Origin.

const NAIRA = /^\d{1,9}(\.\d{1,2})?$/;

export const simulatePayIdPaymentAction = actionClient
  .inputSchema(
    z.object({
      payId: z.string().trim().min(1).max(80),
      mode: z.enum(["test", "live"]).optional(),
      amount: z
        .string()
        .trim()
        .transform((v) => v.replace(/,/g, ""))
        .refine((v) => NAIRA.test(v), "Enter an amount in naira, like 2500 or 2500.50")
        .transform((v) => nairaToKobo(v))
        .refine((k) => k >= 1, "Enter an amount greater than zero"),
    }),
  )
  .action(async ({ parsedInput }) => simulatePayIdPayment(await getDb(), parsedInput));
