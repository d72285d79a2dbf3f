import type { DbOrTx } from "@/db/client";
import type { Mode } from "@/db/schema";
import { ensureAccount, type AccountRef } from "@/lib/ledger/accounts";

export const pendingSettlementCode = (input: { merchantId: string; mode: Mode }) => `pending_settlement:${input.merchantId}:${input.mode}`;

/**
 * A merchant's static-account money waiting for its cutoff (one per merchant and mode): payments
 * in credit it gross and pay their fee out of it; payouts and approved refunds debit it. Never
 * negative.
 */
export function pendingSettlementAccount(tx: DbOrTx, input: { merchantId: string; mode: Mode }): Promise<AccountRef> {
  return ensureAccount(tx, { code: pendingSettlementCode(input), mode: input.mode, kind: "pending_settlement", merchantId: input.merchantId });
}
