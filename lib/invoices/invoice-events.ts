import type { DbOrTx } from "@/db/client";
import { invoiceActivity, type Invoice } from "@/db/schema";
import { emitEvents } from "@/lib/events/emit-event";
import { walletKeyPairIds } from "@/lib/wallets/wallet-key-pairs";

/** Who did something to an invoice, for its timeline. */
export type InvoiceActor = "api" | "dashboard" | "customer" | "scheduler" | "sandbox";

export type InvoiceEventType = "invoice.created" | "invoice.sent" | "invoice.payment_received" | "invoice.paid" | "invoice.paused";

/**
 * The key pairs whose webhooks hear about an invoice: the one that created it, or (made in
 * the dashboard) every active key pair of the wallet it settles to.
 */
export async function invoiceKeyPairIds(tx: DbOrTx, invoice: Invoice): Promise<string[]> {
  if (invoice.keyPairId) return [invoice.keyPairId];
  return walletKeyPairIds(tx, { id: invoice.settlementPayIdId, merchantId: invoice.merchantId, mode: invoice.mode });
}

/**
 * Writes invoice events to the outbox in the caller's transaction, in the order given (their
 * delivery order per key). Returns the ids to hand to deliverAfterCommit after commit.
 */
export async function emitInvoiceEvents(tx: DbOrTx, invoice: Invoice, events: { type: InvoiceEventType; data: Record<string, unknown> }[]): Promise<string[]> {
  const keyPairIds = await invoiceKeyPairIds(tx, invoice);
  return emitEvents(
    tx,
    events.flatMap((e) => keyPairIds.map((keyPairId) => ({ merchantId: invoice.merchantId, mode: invoice.mode, keyPairId, type: e.type, data: e.data }))),
  );
}

/** One line on the invoice's timeline (created, updated, sent, payment, paid, paused, resumed, overdue, cancelled). */
export async function recordInvoiceActivity(tx: DbOrTx, invoice: Pick<Invoice, "id">, type: string, actor: InvoiceActor, data?: Record<string, unknown>) {
  await tx.insert(invoiceActivity).values({ invoiceId: invoice.id, type, actor, data: data ?? null });
}
