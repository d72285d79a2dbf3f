import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { memberships } from "@/db/schema";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";

/**
 * An account-level event (password changed or reset) goes into the audit log of every business
 * the user belongs to (each team sees it), or the platform's (no business) when they have none.
 */
export async function auditUserEvent(
  tx: DbOrTx,
  input: { userId: string; actor: Actor; action: string; changes?: Record<string, { from?: unknown; to?: unknown }> },
): Promise<void> {
  const rows = await tx.select({ merchantId: memberships.merchantId }).from(memberships).where(eq(memberships.userId, input.userId));
  const merchantIds = rows.length ? rows.map((r) => r.merchantId) : [null];
  for (const merchantId of merchantIds) {
    await recordAudit(tx, { merchantId, actor: input.actor, action: input.action, targetType: "user", targetId: input.userId, changes: input.changes });
  }
}
