"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { merchantAction } from "@/lib/actions/safe-action";
import { appError } from "@/lib/errors";
import { requestBaseUrl } from "@/lib/http/request-base-url";
import { nairaFieldSchema } from "@/lib/money";
import { markGetStarted } from "@/lib/overview/get-started";
import { startTestPayment } from "@/lib/overview/start-test-payment";
import { FUND_WALLET_FIELD } from "@/lib/wallets/fund-wallet-limits";
import { getWalletPayId } from "@/lib/payids/find-pay-id";
import { fundWallet } from "@/lib/wallets/fund-wallet";

const FundInput = z.object({
  // The same limits and words as the form's field; fundWallet checks them again, as for the API.
  naira: nairaFieldSchema(FUND_WALLET_FIELD),
});

/** Test mode only: the same command as POST /v1/sandbox/wallet/fund, which owns its rules. */
export const fundWalletAction = merchantAction("fundTestWallet", { movesMoney: true })
  .inputSchema(FundInput)
  .action(async ({ parsedInput, ctx }) => {
    const wallet = await getWalletPayId(ctx.db, ctx.scope);
    if (!wallet) throw appError("WALLET_NOT_LINKED", { message: "This business has no test wallet." });
    const balance = await fundWallet(ctx.db, { walletPayIdId: wallet.id, amount: parsedInput.naira, merchantId: ctx.scope.merchantId });
    revalidatePath("/dashboard");
    return balance;
  });

/**
 * Home's "Make a test payment" (the Get started checklist): a real test-mode checkout session,
 * paid by the merchant on its hosted page (/pay/<id>) with "Simulate payment"; back to Home after.
 */
export const startTestPaymentAction = merchantAction("fundTestWallet").action(async ({ ctx }) => {
  const baseUrl = await requestBaseUrl();
  return startTestPayment(ctx.db, {
    merchantId: ctx.scope.merchantId,
    merchantName: ctx.merchant.name,
    email: ctx.user.email,
    baseUrl,
    returnUrl: `${baseUrl}/dashboard`,
  });
});

/** "Just me for now" (the team step) or "Hide this checklist": kept per business, owners only. */
export const markGetStartedAction = merchantAction("manageTeam")
  .inputSchema(z.object({ mark: z.enum(["team", "dismissed"]) }))
  .action(async ({ parsedInput, ctx }) => {
    await markGetStarted(ctx.db, ctx.scope.merchantId, parsedInput.mark);
    revalidatePath("/dashboard");
    return { marked: parsedInput.mark };
  });
