import { and, eq, getTableColumns } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { checkoutSessions, dynamicPayIds, invoices, payIds, payments, staticPayIds, virtualAccounts, type Mode, type Payment } from "@/db/schema";

export type PaymentDetail = Payment & {
  payIdText: string | null;
  staticPayIdName: string | null;
  dynamicPayIdName: string | null;
  virtualAccount: { id: string; publicId: string; accountNumber: string | null; accountName: string | null; bankName: string } | null;
  session: { id: string; reference: string; status: string } | null;
  invoice: { publicId: string; invoiceNumber: string } | null;
};

/** One payment of a merchant and mode, by its reference, with where it went; null when not theirs. */
export async function findPayment(tx: DbOrTx, input: { merchantId: string; mode: Mode; reference: string }): Promise<PaymentDetail | null> {
  const [row] = await tx
    .select({
      payment: getTableColumns(payments),
      payIdText: payIds.payId,
      staticPayIdName: staticPayIds.name,
      dynamicPayIdName: dynamicPayIds.name,
      va: {
        id: virtualAccounts.id,
        publicId: virtualAccounts.publicId,
        accountNumber: virtualAccounts.accountNumber,
        accountName: virtualAccounts.accountName,
        bankName: virtualAccounts.bankName,
      },
      session: { id: checkoutSessions.id, reference: checkoutSessions.reference, status: checkoutSessions.status },
      invoice: { publicId: invoices.publicId, invoiceNumber: invoices.invoiceNumber },
    })
    .from(payments)
    .leftJoin(payIds, eq(payIds.id, payments.payIdId))
    .leftJoin(staticPayIds, eq(staticPayIds.id, payments.staticPayIdId))
    .leftJoin(dynamicPayIds, eq(dynamicPayIds.id, payments.dynamicPayIdId))
    .leftJoin(virtualAccounts, eq(virtualAccounts.id, payments.virtualAccountId))
    .leftJoin(checkoutSessions, eq(checkoutSessions.id, payments.sessionId))
    .leftJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(and(eq(payments.merchantId, input.merchantId), eq(payments.mode, input.mode), eq(payments.reference, input.reference)))
    .limit(1);
  if (!row) return null;
  return {
    ...row.payment,
    payIdText: row.payIdText,
    staticPayIdName: row.staticPayIdName,
    dynamicPayIdName: row.dynamicPayIdName,
    virtualAccount: row.va,
    session: row.session,
    invoice: row.invoice,
  };
}
