import { desc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { payments, type Payment } from "@/db/schema";

/** Payments booked into one virtual account (its detail page), newest first. */
export async function listVirtualAccountPayments(tx: DbOrTx, virtualAccountId: string): Promise<Payment[]> {
  return tx.select().from(payments).where(eq(payments.virtualAccountId, virtualAccountId)).orderBy(desc(payments.paidAt)).limit(50);
}
