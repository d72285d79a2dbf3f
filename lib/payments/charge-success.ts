import type { CheckoutSession, LineItem } from "@/db/schema";
import type { Channel } from "@/lib/fees/collection-fee";

export type Payer = {
  name?: string | null;
  bank?: string | null;
  account?: string | null;
  card?: { masked_pan: string; card_type: string };
  crypto?: { asset: string; network: string; amount: string };
};

/** api.md payer by channel: payid name only; bank_transfer (and static_account) name, bank, account; card/crypto name plus theirs. */
export function payerFor(channel: Channel, p: Payer | undefined): Record<string, unknown> & { name: string | null } {
  const name = p?.name ?? null;
  switch (channel) {
    case "payid":
      return { name };
    case "card":
      return { name, card: p?.card ?? null };
    case "crypto":
      return { name, crypto: p?.crypto ?? null };
    default:
      return { name, bank: p?.bank ?? null, account: p?.account ?? null };
  }
}

/** api.md charge.success; the payer's shape depends on the channel (payid: name only, no fees). */
export function chargeSuccessData(p: {
  reference: string;
  amount: number;
  channel: Channel;
  fee: number;
  payer?: Payer | Record<string, unknown>;
  paidAt: Date;
  session?: CheckoutSession | null;
}) {
  const payer = payerFor(p.channel, p.payer as Payer | undefined);
  const s = p.session ?? null;
  return {
    reference: p.reference,
    merchant_reference: s?.merchantReference ?? null,
    amount: p.amount,
    currency: s?.currency ?? "NGN",
    status: "completed",
    channel: p.channel,
    customer: { email: s?.customerEmail ?? null, name: s ? (s.customerName ?? null) : payer.name },
    metadata: s?.metadata ?? null,
    line_items: (s?.lineItems as LineItem[] | null | undefined) ?? null,
    paid_at: p.paidAt.toISOString(),
    ...(p.channel === "payid" ? {} : { fees: p.fee }),
    payer,
    ...(s ? { session_id: s.id } : {}),
  };
}
