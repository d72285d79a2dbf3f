import type { DbOrTx } from "@/db/client";
import type { Mode } from "@/db/schema";
import { platformAccount } from "@/lib/ledger/accounts";
import { pendingSettlementAccount } from "@/lib/ledger/pending-settlement";

/**
 * The ledger accounts a refund moves money between. The merchant's pending-settlement
 * account holds each unsettled static-account payment's net; fee_revenue its fee;
 * refunds_in_flight the gross while the bank pays the payer back; bank_clearing what left.
 */
export async function refundAccounts(tx: DbOrTx, input: { merchantId: string; mode: Mode }) {
  const [pending, feeRevenue, inFlight, clearing] = await Promise.all([
    pendingSettlementAccount(tx, input),
    platformAccount(tx, input.mode, "fee_revenue"),
    platformAccount(tx, input.mode, "refunds_in_flight"),
    platformAccount(tx, input.mode, "bank_clearing"),
  ]);
  return { pending, feeRevenue, inFlight, clearing };
}
