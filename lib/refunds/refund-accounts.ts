import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { ledgerAccounts, type Mode } from "@/db/schema";
import { platformAccount, type AccountRef } from "@/lib/ledger/accounts";

/**
 * The ledger accounts a refund moves money between. The merchant's pending-settlement
 * account holds each unsettled static-account payment's net; fee_revenue its fee;
 * refunds_in_flight the gross while the bank pays the payer back; bank_clearing what left.
 */
export async function refundAccounts(tx: DbOrTx, input: { merchantId: string; mode: Mode }) {
  const [pending, feeRevenue, inFlight, clearing] = await Promise.all([
    bookedPendingSettlementAccount(tx, input),
    platformAccount(tx, input.mode, "fee_revenue"),
    platformAccount(tx, input.mode, "refunds_in_flight"),
    platformAccount(tx, input.mode, "bank_clearing"),
  ]);
  return { pending, feeRevenue, inFlight, clearing };
}

/**
 * The merchant's pending-settlement account, found by merchant, mode and kind (as the
 * settlement run finds it): a refunded payment was booked into it, so it always exists.
 */
async function bookedPendingSettlementAccount(tx: DbOrTx, input: { merchantId: string; mode: Mode }): Promise<AccountRef> {
  const [row] = await tx
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.merchantId, input.merchantId), eq(ledgerAccounts.mode, input.mode), eq(ledgerAccounts.kind, "pending_settlement")))
    .limit(1);
  if (!row) throw new Error(`refund: merchant ${input.merchantId} has no ${input.mode} pending_settlement account`);
  return row;
}
