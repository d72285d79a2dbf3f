import type { DbOrTx } from "@/db/client";
import type { Transfer } from "@/db/schema";
import { MEMBER_LIMIT, releaseWalletDailySpend, WALLET_LIMIT, type LimitedTransfer } from "@/db/statements/wallet-limits";
import { appError } from "@/lib/errors";
import { pgError } from "@/lib/ledger/db-errors";
import { lagosDay } from "@/lib/lagos-day";
import { transferTotal } from "./transfer-total";

/** What the wallet rules (db/statements/wallet-limits.ts) need of this transfer: its Lagos day and its total with fees. */
export function limitedTransfer(t: Transfer): LimitedTransfer {
  return {
    walletPayIdId: t.walletPayIdId,
    recipientPayIdId: t.recipientPayIdId,
    merchantId: t.merchantId,
    day: lagosDay(t.createdAt),
    total: transferTotal(t),
  };
}

/** Maps the guard's failure to 400 LIMIT_EXCEEDED; anything else is returned as it is. */
export function limitError(err: unknown): unknown {
  const pg = pgError(err);
  if (pg?.code !== "22P02") return err;
  const message = String((err as Error).message);
  if (message.includes(WALLET_LIMIT)) {
    return appError("LIMIT_EXCEEDED", { message: "This transfer would exceed the wallet's daily limit." });
  }
  if (message.includes(MEMBER_LIMIT)) {
    return appError("LIMIT_EXCEEDED", { message: "This transfer would exceed the daily limit for this recipient." });
  }
  return err;
}

export const recipientNotAllowed = () => appError("RECIPIENT_NOT_ALLOWED");

/**
 * A failed transfer no longer counts against its day (only pending and completed ones do).
 * Called in the failure's transaction before the debit is reversed, so locks are taken in the
 * order a new transfer takes them (the day's total, then the wallet's ledger account).
 */
export async function releaseDailySpend(tx: DbOrTx, t: Transfer): Promise<void> {
  await releaseWalletDailySpend(tx, { walletPayIdId: t.walletPayIdId, day: lagosDay(t.createdAt), total: transferTotal(t) });
}
