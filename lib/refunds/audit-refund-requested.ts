import type { DbOrTx } from "@/db/client";
import type { Refund } from "@/db/schema";
import { recordAudit, type Actor, type AuditChanges } from "@/lib/audit/record-audit";

/**
 * The audit entry of a refund a member requested from the dashboard (`refund.requested`): its
 * status, amount and reason, and what the channel adds (`more`: the payment it refunds, …).
 * An API key's request has no actor and is not audited.
 */
export async function auditRefundRequested(tx: DbOrTx, refund: Refund, actor: Actor | undefined, more: AuditChanges): Promise<void> {
  if (!actor) return;
  await recordAudit(tx, {
    merchantId: refund.merchantId,
    actor,
    action: "refund.requested",
    targetType: "refund",
    targetId: refund.id,
    changes: {
      status: { to: refund.status },
      amount: { to: refund.amount },
      ...more,
      ...(refund.reason ? { reason: { to: refund.reason } } : {}),
    },
  });
}
