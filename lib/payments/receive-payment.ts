import type { DbOrTx } from "@/db/client";
import type { PayId } from "@/db/schema";
import { emitEvents } from "@/lib/events/emit-event";
import { collectionFee, type Channel } from "@/lib/fees/collection-fee";
import { prefixedId } from "@/lib/ids";
import { platformAccount, walletAccountFor } from "@/lib/ledger/accounts";
import { postEntry } from "@/lib/ledger/post-entry";
import { walletKeyPairIds } from "./wallet-key-pairs";

export type Payer = { name?: string | null; bank?: string | null; account?: string | null };

/** Where inbound money lands. Later issues add sessions, virtual and static accounts, invoices. */
export type Destination = { kind: "wallet"; payId: PayId };

export type ReceivedPayment = { reference: string; channel: Channel; amount: number; status: "completed"; eventIds: string[]; duplicate: boolean };

/**
 * The one entry point for inbound money, however it arrives (sandbox, dashboard simulate, a
 * partner's callback): books the ledger entry with the collection fee and writes
 * `charge.success` in the caller's transaction. A `reference` already booked is a duplicate
 * notification from the bank: nothing is booked or sent twice.
 */
export async function receivePayment(
  tx: DbOrTx,
  input: { destination: Destination; amount: number; channel: Channel; payer?: Payer; narration?: string | null; reference?: string },
): Promise<ReceivedPayment> {
  const { payId } = input.destination;
  const reference = input.reference ?? prefixedId("payment");
  const fee = collectionFee(input.channel, input.amount);
  const [clearing, wallet, feeRevenue] = await Promise.all([
    platformAccount(tx, payId.mode, "bank_clearing"),
    walletAccountFor(tx, payId),
    platformAccount(tx, payId.mode, "fee_revenue"),
  ]);
  const paidAt = new Date();
  const { created } = await postEntry(tx, {
    reference,
    mode: payId.mode,
    merchantId: payId.merchantId,
    kind: "payment",
    description: `Payment to @${payId.payId}${input.payer?.name ? ` from ${input.payer.name}` : ""}`,
    metadata: { channel: input.channel, payer: input.payer ?? null, narration: input.narration ?? null, fee, destination: { kind: "wallet", pay_id: payId.payId } },
    moves: [{ from: clearing.id, to: wallet.id, amount: input.amount }, ...(fee > 0 ? [{ from: wallet.id, to: feeRevenue.id, amount: fee }] : [])],
  });
  if (!created) return { reference, channel: input.channel, amount: input.amount, status: "completed", eventIds: [], duplicate: true };

  // The wallet is linked to (or settles) the merchant's keys of this mode: each is told.
  const keyPairIds = await walletKeyPairIds(tx, payId);
  const data = chargeSuccessData({ reference, amount: input.amount, channel: input.channel, fee, payer: input.payer, paidAt });
  const eventIds = await emitEvents(tx, keyPairIds.map((keyPairId) => ({ merchantId: payId.merchantId, mode: payId.mode, keyPairId, type: "charge.success", data })));
  return { reference, channel: input.channel, amount: input.amount, status: "completed", eventIds, duplicate: false };
}

/** api.md charge.success; the payer's shape depends on the channel (payid: name only, no fees). */
export function chargeSuccessData(p: { reference: string; amount: number; channel: Channel; fee: number; payer?: Payer; paidAt: Date }) {
  const name = p.payer?.name ?? null;
  const payer = p.channel === "payid" ? { name } : { name, bank: p.payer?.bank ?? null, account: p.payer?.account ?? null };
  return {
    reference: p.reference,
    merchant_reference: null,
    amount: p.amount,
    currency: "NGN",
    status: "completed",
    channel: p.channel,
    customer: { email: null, name },
    metadata: null,
    line_items: null,
    paid_at: p.paidAt.toISOString(),
    ...(p.channel === "payid" ? {} : { fees: p.fee }),
    payer,
  };
}
