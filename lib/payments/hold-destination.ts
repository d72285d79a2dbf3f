import type { DbOrTx } from "@/db/client";
import type { InvoiceActor } from "@/lib/invoices/invoice-events";
import { lockPayableInvoice, type InvoiceChannel } from "@/lib/invoices/invoice-payment";
import { amountRejected, destinationClosed } from "@/lib/destination-errors";
import { emitEvents } from "@/lib/events/emit-event";
import { lockSession } from "@/lib/sessions/session-destination";
import { pausePoint } from "@/lib/pause-points";
import { walletKeyPairIds } from "@/lib/wallets/wallet-key-pairs";
import { amountAccepted } from "./amount-validation";
import { chargeSuccessData } from "./charge-success";
import type { Booking, Destination, Paid } from "./payment-destination";
import { fresh, invoiceBooking, sessionBooking } from "./bookings";
import { INSTRUMENTS, type Instrument, type Owner } from "./receive-instruments";

/** A destination locked and checked: what to book, and what the booked payment then does. */
export type Held = { booking: Booking; complete(tx: DbOrTx, paid: Paid): Promise<{ eventIds: string[]; paymentId?: string }> };

/**
 * Locks the destination and judges it by its row of the instruments table; throws
 * DESTINATION_CLOSED / AMOUNT_REJECTED. Locks are always taken in one order (the session a
 * payment is for, then the invoice, then the instrument), so two payments never deadlock, and
 * two racing for one single-use destination serialise on its row lock: the second finds it
 * completed and is refused.
 */
export function holdDestination(tx: DbOrTx, d: Destination, ctx: { amount: number; actor: InvoiceActor; reference?: string }): Promise<Held> {
  switch (d.kind) {
    case "session":
      return hold(tx, INSTRUMENTS.session, d, ctx);
    case "virtual_account":
      return hold(tx, INSTRUMENTS.virtual_account, d, ctx);
    case "static_account":
      return hold(tx, INSTRUMENTS.static_account, d, ctx);
    case "pay_id": {
      const kind = d.payId.kind;
      if (kind === "wallet") return hold(tx, INSTRUMENTS.wallet, d, ctx);
      if (kind === "static") return hold(tx, INSTRUMENTS.static_payid, d, ctx);
      return hold(tx, INSTRUMENTS.dynamic_payid, d, ctx);
    }
  }
}

async function hold<D extends Destination, R>(
  tx: DbOrTx,
  instrument: Instrument<D, R>,
  d: D,
  ctx: { amount: number; actor: InvoiceActor; reference?: string },
): Promise<Held> {
  const owners = instrument.owners ? await instrument.owners(tx, d) : undefined;
  const session = owners?.sessionId ? await judge(tx, INSTRUMENTS.session, await lockSession(tx, owners.sessionId)) : null;
  const invoice = owners?.invoiceId ? await lockPayableInvoice(tx, owners.invoiceId, ctx.amount, ctx.actor) : null;
  const locked = await instrument.lock(tx, d);
  await pausePoint("receive:destination-locked");
  const row = await judge(tx, instrument, locked, d);
  if (session && instrument.heldBySession && !instrument.heldBySession.holds(session, row)) throw destinationClosed(instrument.heldBySession.refusal);
  const rule = instrument.amount?.(row);
  if (rule && !amountAccepted(rule.rule, rule.expected, ctx.amount)) throw amountRejected(rule.refusal);

  const owner: Owner = session ? "session" : invoice ? "invoice" : "own";
  const ids = instrument.ids(row, d);
  const booking = session
    ? sessionBooking(session, instrument.channel, ids)
    : invoice
      ? invoiceBooking(invoice, instrument.channel as InvoiceChannel, fresh(ctx.reference), ids, ctx.actor)
      : await instrument.book(tx, row, d, ctx.reference);
  return {
    booking,
    async complete(tx, paid) {
      const change = { amount: paid.amount, paidAt: paid.paidAt, channel: booking.channel, reference: paid.reference };
      await instrument.complete?.(tx, row, { ...change, owner });
      if (session) await INSTRUMENTS.session.complete!(tx, session, { ...change, owner: "own" });
      if (booking.events) return booking.events(tx, paid);
      return { eventIds: await chargeSuccess(tx, booking, paid) };
    },
  };
}

/** Its row found (else closed), its expiry applied, and open. */
async function judge<D extends Destination, R>(tx: DbOrTx, instrument: Instrument<D, R>, locked: R | undefined, d?: D): Promise<R> {
  if (!locked) throw destinationClosed(instrument.missing);
  const row = instrument.expire ? await instrument.expire(tx, locked) : locked;
  const reason = instrument.closed(row, d);
  if (reason) throw destinationClosed(reason);
  return row;
}

/** charge.success to the key pair that owns the destination, else to the keys linked to the settlement wallet. */
async function chargeSuccess(tx: DbOrTx, b: Booking, paid: Paid): Promise<string[]> {
  const keyPairIds = b.keyPairId ? [b.keyPairId] : await walletKeyPairIds(tx, { id: b.settlementPayIdId, merchantId: b.merchantId, mode: b.mode });
  const data = chargeSuccessData({ ...paid, channel: b.channel, session: b.session });
  return emitEvents(
    tx,
    keyPairIds.map((keyPairId) => ({ merchantId: b.merchantId, mode: b.mode, keyPairId, type: "charge.success", data })),
  );
}
