"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { merchantAction } from "@/lib/actions/safe-action";
import { nairaTextSchema } from "@/lib/money";
import { simulateDashboardPayment, SimulatePaymentTarget } from "@/lib/payments/dashboard-sandbox-payment";

/** The same ceiling as POST /v1/sandbox/payments' `amount` (kobo). */
const MAX_KOBO = 100_000_000_000;

const SimulateInput = SimulatePaymentTarget.extend({
  amount: nairaTextSchema({
    maxKobo: MAX_KOBO,
    messages: {
      invalid: "Enter an amount in naira, like 2500 or 2500.50",
      zero: "Enter an amount greater than zero",
      negative: "Enter an amount greater than zero",
      decimals: "Use at most two decimals (kobo)",
      too_large: "A simulated payment can be at most ₦1,000,000,000",
    },
  }),
  payerName: z.string().trim().max(200, "Keep the payer's name under 200 characters").optional(),
});

/**
 * Test mode: "Simulate a payment" on a virtual account, static account, PayID or invoice page.
 * The sandbox's own command (POST /v1/sandbox/payments) pays the merchant's record; live mode
 * is refused by the role policy and by simulateDashboardPayment.
 */
export const simulatePaymentAction = merchantAction("fundTestWallet")
  .inputSchema(SimulateInput)
  .action(async ({ parsedInput, ctx }) => {
    const paid = await simulateDashboardPayment(ctx.db, {
      ...ctx.scope,
      target: parsedInput.target,
      id: parsedInput.id,
      amount: parsedInput.amount,
      payerName: parsedInput.payerName ?? null,
    });
    revalidatePath("/dashboard", "layout");
    return paid;
  });
