/** The payer as the channel reported them (api.md charge.success payer shapes). */
export function PayerDetails({ payer, fallbackName }: { payer: Record<string, unknown> | null; fallbackName: string | null }) {
  const str = (v: unknown) => (typeof v === "string" && v.trim() ? v : null);
  const obj = (v: unknown) => (v && typeof v === "object" ? (v as Record<string, unknown>) : null);
  const name = str(payer?.name) ?? fallbackName;
  const card = obj(payer?.card);
  const crypto = obj(payer?.crypto);
  const parts = [
    name ?? "Not reported",
    str(payer?.bank),
    str(payer?.account),
    card && [str(card.card_type), str(card.masked_pan)].filter(Boolean).join(" "),
    crypto && [str(crypto.amount), str(crypto.asset), crypto.network ? `on ${str(crypto.network)}` : null].filter(Boolean).join(" "),
  ].filter(Boolean);
  return <span data-testid="payment-payer">{parts.join(" · ")}</span>;
}
