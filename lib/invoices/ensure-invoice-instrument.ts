import { eq } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db/client";
import { invoices, type DynamicPayId, type Invoice, type VirtualAccount } from "@/db/schema";
import { httpError } from "@/lib/errors";
import { deliverAfterCommit } from "@/lib/events/deliver-after-commit";
import { createDynamicPayId, fullDynamicPayId } from "@/lib/payids/dynamic-payids";
import { destinationClosed } from "@/lib/destination-errors";
import { liveDynamicPayId, liveVirtualAccount, merchantNameOf } from "@/lib/sessions/session-instruments";
import { issueVirtualAccount, virtualAccountName } from "@/lib/virtual-accounts/issue-virtual-account";
import { applyInvoiceDue } from "./apply-invoice-due";
import type { InvoiceActor } from "./invoice-events";
import { invoiceClosedReason, type InvoiceChannel } from "./invoice-payment";

/** How long an account number or PayID handed out on the hosted page stays open. */
export const INVOICE_INSTRUMENT_MINUTES = 60;

export type InvoiceInstrument =
  | { kind: "virtual_account"; account: VirtualAccount }
  | { kind: "payid"; /** The full handle, e.g. `abc12345.dypid`. */ payId: string; dynamicPayId: DynamicPayId };

const accountNotIssued = () => httpError(503, "The bank could not issue an account right now. Please try again or pay by PayID.");

/**
 * What the hosted page shows a customer to pay the invoice by `channel`: its current account
 * number or dynamic PayID, reused while it is open (pending / active and unexpired), else a
 * new one (any amount, A5, 60 minutes, source `invoice`, several payments) stored on the
 * invoice. The invoice row is locked first, so two page loads at once issue one. A passed due
 * date is applied (and kept) first; an invoice that takes no money is 400 DESTINATION_CLOSED.
 */
export async function ensureInvoiceInstrument(
  db: Db,
  input: { invoice: Pick<Invoice, "id">; channel: InvoiceChannel; actor?: InvoiceActor },
): Promise<InvoiceInstrument> {
  const outcome = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(invoices).where(eq(invoices.id, input.invoice.id)).for("update");
    if (!locked) return { refusal: destinationClosed("This invoice does not exist."), eventIds: [] as string[] };
    const { invoice, eventIds } = await applyInvoiceDue(tx, locked, input.actor ?? "customer");
    const closed = invoiceClosedReason(invoice);
    // The due-date transition commits even though the customer is turned away.
    if (closed) return { refusal: destinationClosed(closed), eventIds };
    if (input.channel === "bank_transfer") {
      const account = await invoiceAccount(tx, invoice);
      if (account.status !== "pending") return { refusal: accountNotIssued(), eventIds };
      return { instrument: { kind: "virtual_account" as const, account }, eventIds };
    }
    const dynamicPayId = await invoicePayId(tx, invoice);
    return { instrument: { kind: "payid" as const, payId: fullDynamicPayId(dynamicPayId), dynamicPayId }, eventIds };
  });
  deliverAfterCommit(outcome.eventIds);
  if ("refusal" in outcome) throw outcome.refusal;
  return outcome.instrument;
}

const expiresAt = () => new Date(Date.now() + INVOICE_INSTRUMENT_MINUTES * 60_000);

/** The invoice's open account, else a new one (a bank refusal is stored, cancelled, and returned as such). */
async function invoiceAccount(tx: DbOrTx, invoice: Invoice): Promise<VirtualAccount> {
  const current = await liveVirtualAccount(tx, invoice);
  if (current) return current;
  const account = await issueVirtualAccount(tx, {
    merchantId: invoice.merchantId,
    mode: invoice.mode,
    keyPairId: invoice.keyPairId,
    settlementPayIdId: invoice.settlementPayIdId,
    amount: null,
    amountValidation: "A5",
    expiresAt: expiresAt(),
    source: "invoice",
    invoiceId: invoice.id,
    accountName: virtualAccountName(await merchantNameOf(tx, invoice.merchantId)),
  });
  await tx.update(invoices).set({ virtualAccountId: account.id }).where(eq(invoices.id, invoice.id));
  return account;
}

/** The invoice's open dynamic PayID, else a new one. */
async function invoicePayId(tx: DbOrTx, invoice: Invoice): Promise<DynamicPayId> {
  const current = await liveDynamicPayId(tx, invoice);
  if (current) return current;
  const created = await createDynamicPayId(tx, {
    merchantId: invoice.merchantId,
    mode: invoice.mode,
    keyPairId: invoice.keyPairId,
    settlementPayIdId: invoice.settlementPayIdId,
    amount: null,
    amountValidation: "A5",
    allowMultiplePayments: true,
    expiresAt: expiresAt(),
    source: "invoice",
    invoiceId: invoice.id,
  });
  await tx.update(invoices).set({ dynamicPayIdId: created.id }).where(eq(invoices.id, invoice.id));
  return created;
}
