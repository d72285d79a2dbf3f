import type { Db } from "@/db/client";
import type { Invoice } from "@/db/schema";
import { deliverAfterCommit } from "@/lib/events/deliver-after-commit";
import { getPayIdById } from "@/lib/payids/find-pay-id";
import { receivePayment, type Destination, type Payer, type ReceivedPayment } from "./receive-payment";
import { ensureInvoiceInstrument } from "@/lib/invoices/ensure-invoice-instrument";
import type { InvoiceActor } from "@/lib/invoices/invoice-events";
import type { InvoiceChannel } from "@/lib/invoices/invoice-payment";

/**
 * Pays an invoice as its hosted page would (the sandbox's `invoice_id` and the page's
 * "Simulate payment"): the invoice's account or PayID for `channel` (ensureInvoiceInstrument),
 * then a transfer into it through receivePayment, the one entry point for inbound money.
 * Its events are handed to delivery after commit here.
 */
export async function payInvoice(
  db: Db,
  input: { invoice: Pick<Invoice, "id">; channel: InvoiceChannel; amount: number; payer?: Payer; narration?: string | null; actor?: InvoiceActor },
): Promise<ReceivedPayment> {
  const instrument = await ensureInvoiceInstrument(db, { invoice: input.invoice, channel: input.channel, actor: input.actor });
  const result = await db.transaction(async (tx) => {
    let destination: Destination;
    if (instrument.kind === "virtual_account") {
      destination = { kind: "virtual_account", virtualAccountId: instrument.account.id };
    } else {
      const payId = await getPayIdById(tx, instrument.dynamicPayId.payIdId);
      if (!payId) throw new Error(`Dynamic PayID ${instrument.payId} has no pay_ids row`);
      destination = { kind: "pay_id", payId };
    }
    return receivePayment(tx, { destination, amount: input.amount, payer: input.payer, narration: input.narration, actor: input.actor });
  });
  deliverAfterCommit(result.eventIds);
  return result;
}
