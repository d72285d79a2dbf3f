"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { moneyAction } from "@/lib/actions/safe-action";
import { requireAllowed, rolePolicy } from "@/lib/auth/role-policy";
import { appError } from "@/lib/errors";
import { nairaFieldSchema } from "@/lib/money";
import { FUND_WALLET_FIELD } from "@/lib/wallets/fund-wallet-limits";
import { getWalletPayId } from "@/lib/payids/find-pay-id";
import { fundWallet } from "@/lib/wallets/fund-wallet";

const FundInput = z.object({
  // The same limits and words as the form's field; fundWallet checks them again, as for the API.
  naira: nairaFieldSchema(FUND_WALLET_FIELD),
});

/** Test mode only: the same command as POST /v1/sandbox/wallet/fund, which owns its rules. */
export const fundWalletAction = moneyAction.inputSchema(FundInput).action(async ({ parsedInput, ctx }) => {
  requireAllowed(rolePolicy.fundTestWallet(ctx.role, ctx.mode));
  const wallet = await getWalletPayId(ctx.db, { merchantId: ctx.merchant.id, mode: ctx.mode });
  if (!wallet) throw appError("WALLET_NOT_LINKED", { message: "This business has no test wallet." });
  const balance = await fundWallet(ctx.db, { walletPayIdId: wallet.id, amount: parsedInput.naira, merchantId: ctx.merchant.id });
  revalidatePath("/dashboard");
  return balance;
});
