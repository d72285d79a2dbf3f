import { and, asc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { invoiceActivity, payments, type InvoiceActivity, type Mode, type Payment } from "@/db/schema";

/** An invoice's timeline (created, updated, sent, payment, paid, paused, resumed, overdue, cancelled), oldest first. */
export function listInvoiceActivity(db: Db, invoiceId: string): Promise<InvoiceActivity[]> {
  return db.select().from(invoiceActivity).where(eq(invoiceActivity.invoiceId, invoiceId)).orderBy(asc(invoiceActivity.createdAt), asc(invoiceActivity.id));
}

/** The payments made to an invoice (its internal id), oldest first, within the merchant and mode. */
export function listInvoicePayments(db: Db, input: { merchantId: string; mode: Mode; invoiceId: string }): Promise<Payment[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.invoiceId, input.invoiceId), eq(payments.merchantId, input.merchantId), eq(payments.mode, input.mode)))
    .orderBy(asc(payments.paidAt), asc(payments.id));
}
