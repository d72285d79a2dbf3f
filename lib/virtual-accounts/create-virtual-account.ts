import type { Db } from "@/db/client";
import type { AmountValidation, Mode, Source, VirtualAccount } from "@/db/schema";
import { getWalletPayId } from "@/lib/payids/find-pay-id";
import { issueVirtualAccount, virtualAccountName } from "./issue-virtual-account";

export type CreateVirtualAccountInput = {
  merchantId: string;
  /** The merchant's business name: the name on the account. */
  merchantName: string | null;
  mode: Mode;
  /** The key pair that created it; null from the dashboard. */
  keyPairId: string | null;
  /** The key's settlement PayID; null settles to the merchant's wallet PayID of the mode. */
  settlementPayIdId: string | null;
  source: Source;
  /** Kobo. */
  amount: number;
  validityMinutes: number;
  amountValidation?: AmountValidation;
  metadata?: Record<string, unknown> | null;
};

/**
 * A standalone virtual account (POST /v1/checkout/virtual-account and the dashboard form).
 * Comes back `cancelled` when the bank could not issue a number.
 */
export async function createVirtualAccount(db: Db, input: CreateVirtualAccountInput): Promise<VirtualAccount> {
  return db.transaction(async (tx) => {
    let settlementPayIdId = input.settlementPayIdId;
    if (!settlementPayIdId) {
      const wallet = await getWalletPayId(tx, { merchantId: input.merchantId, mode: input.mode });
      if (!wallet) throw new Error(`Merchant ${input.merchantId} has no ${input.mode} wallet PayID`);
      settlementPayIdId = wallet.id;
    }
    return issueVirtualAccount(tx, {
      merchantId: input.merchantId,
      mode: input.mode,
      keyPairId: input.keyPairId,
      settlementPayIdId,
      amount: input.amount,
      amountValidation: input.amountValidation,
      expiresAt: new Date(Date.now() + input.validityMinutes * 60_000),
      source: input.source,
      accountName: virtualAccountName(input.merchantName),
      metadata: input.metadata ?? null,
    });
  });
}
