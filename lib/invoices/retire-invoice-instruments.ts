import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { dynamicPayIds, virtualAccounts } from "@/db/schema";

/**
 * An invoice that stops taking money (paid or cancelled) retires the account numbers and
 * PayIDs its hosted page handed out, so the bank refuses further transfers to them. A paid
 * invoice's instruments end `completed`; a cancelled one's `cancelled` / `deactivated`.
 */
export async function retireInvoiceInstruments(tx: DbOrTx, invoiceId: string, why: "paid" | "cancelled", now = new Date()) {
  await tx
    .update(virtualAccounts)
    .set(why === "paid" ? { status: "completed", completedAt: now, retiredAt: now } : { status: "cancelled", retiredAt: now })
    .where(and(eq(virtualAccounts.invoiceId, invoiceId), eq(virtualAccounts.status, "pending")));
  await tx
    .update(dynamicPayIds)
    .set(why === "paid" ? { status: "completed", completedAt: now } : { status: "deactivated", deactivatedAt: now })
    .where(and(eq(dynamicPayIds.invoiceId, invoiceId), eq(dynamicPayIds.status, "active")));
}
