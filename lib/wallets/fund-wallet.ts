import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { payIds } from "@/db/schema";
import { appError } from "@/lib/errors";
import { prefixedId } from "@/lib/ids";
import { platformAccount, walletAccountFor } from "@/lib/ledger/accounts";
import { postEntry } from "@/lib/ledger/post-entry";
import { parseOrThrow } from "@/lib/validation";
import { getBalance, type Balance } from "./wallet-balance";
import { koboSchema } from "@/lib/money";
import { FUND_WALLET_LIMITS } from "./fund-wallet-limits";

export const FundWalletBody = z.object({
  amount: koboSchema("amount", { min: FUND_WALLET_LIMITS.minKobo, max: FUND_WALLET_LIMITS.maxKobo }),
});

/**
 * Sandbox: credits a test wallet from the sandbox funding account (supplement §5). Test mode
 * only; the dashboard's "fund wallet" and POST /v1/sandbox/wallet/fund both come here.
 */
export async function fundWallet(db: Db, input: { walletPayIdId: string; amount: number; merchantId: string }): Promise<Balance> {
  const { amount } = parseOrThrow(FundWalletBody, { amount: input.amount });
  return db.transaction(async (tx) => {
    const [wallet] = await tx.select().from(payIds).where(eq(payIds.id, input.walletPayIdId));
    if (!wallet || wallet.merchantId !== input.merchantId || wallet.kind !== "wallet") {
      throw appError("WALLET_NOT_LINKED");
    }
    if (wallet.mode !== "test") throw appError("SANDBOX_ONLY", { message: "Only test wallets can be funded." });
    const [source, target] = await Promise.all([platformAccount(tx, "test", "sandbox_funding"), walletAccountFor(tx, wallet)]);
    await postEntry(tx, {
      reference: prefixedId("funding"),
      mode: "test",
      merchantId: wallet.merchantId,
      kind: "sandbox_funding",
      description: "Sandbox wallet funding",
      moves: [{ from: source.id, to: target.id, amount }],
    });
    return getBalance(tx, { walletPayIdId: wallet.id });
  });
}
