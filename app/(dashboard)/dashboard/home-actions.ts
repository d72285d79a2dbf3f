"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { merchantAction, requireRole } from "@/lib/actions/safe-action";
import { AppError } from "@/lib/errors";
import { nairaToKobo } from "@/lib/money";
import { getWalletPayId } from "@/lib/payids/find-pay-id";
import { fundWallet } from "@/lib/wallets/fund-wallet";

const FundInput = z.object({
  naira: z.string().trim().regex(/^\d{1,9}(\.\d{1,2})?$/, "Enter an amount in naira, e.g. 5000 or 5000.50"),
});

/** Test mode only: credit the wallet from the sandbox, the same command as POST /v1/sandbox/wallet/fund. */
export const fundWalletAction = merchantAction.inputSchema(FundInput).action(async ({ parsedInput, ctx }) => {
  requireRole(ctx.role, ["owner", "developer"]);
  if (ctx.mode !== "test") throw new AppError({ code: "SANDBOX_ONLY", status: 403, message: "Switch to test mode to fund the wallet." });
  const amount = nairaToKobo(parsedInput.naira);
  if (amount < 100) throw new AppError({ code: "VALIDATION_ERROR", status: 400, message: "Fund at least ₦1.00." });
  const wallet = await getWalletPayId(ctx.db, { merchantId: ctx.merchant.id, mode: "test" });
  if (!wallet) throw new AppError({ code: "WALLET_NOT_LINKED", status: 403, message: "This business has no test wallet." });
  const balance = await fundWallet(ctx.db, { walletPayIdId: wallet.id, amount, merchantId: ctx.merchant.id });
  revalidatePath("/dashboard");
  return balance;
});
