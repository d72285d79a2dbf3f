import type { DbOrTx } from "@/db/client";
import { sessionEvents, type CheckoutSession } from "@/db/schema";
import { retireDynamicPayId } from "@/lib/payids/dynamic-payids";
import { retireVirtualAccount } from "@/lib/virtual-accounts/issue-virtual-account";

/** Timeline entries this area writes (the lead's code adds `paid` and `expired`). */
export type SessionEventType = "created" | "method_selected" | "method_switched" | "bank_switched" | "failed";

export async function logSessionEvent(tx: DbOrTx, sessionId: string, type: SessionEventType, data: Record<string, unknown> | null = null) {
  await tx.insert(sessionEvents).values({ sessionId, type, data });
}

/**
 * Stops what the session issued from taking money: its virtual account
 * (503 BANK_SWITCH_FAILED when the bank refuses) or its dynamic PayID. Already closed ones
 * are left as they are.
 */
export async function retireIssued(tx: DbOrTx, session: CheckoutSession): Promise<void> {
  if (session.virtualAccountId) await retireVirtualAccount(tx, session.virtualAccountId);
  if (session.dynamicPayIdId) await retireDynamicPayId(tx, session.dynamicPayIdId);
}
