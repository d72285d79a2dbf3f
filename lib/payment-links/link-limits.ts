/** A payment link's limits: plain numbers, so the dashboard form and the public page can import them without the schemas. */

/** The smallest amount a link may ask for: a checkout session's minimum (api.md: 100 kobo). */
export const LINK_MIN_KOBO = 100;
/** The largest amount of one payment through a link (₦10,000,000,000.00): far above any real order, well inside a safe integer. */
export const LINK_MAX_KOBO = 1_000_000_000_000;
/** The most units a customer may pay for at once when the link allows a quantity. */
export const LINK_MAX_QUANTITY = 100;

/** The rules of the amount a customer types on a link that lets them choose (lib/money.ts checkNairaField), in their words. */
export const linkAmountRules = (link: { minAmount: number | null; maxAmount: number | null }) => ({
  minKobo: link.minAmount ?? LINK_MIN_KOBO,
  maxKobo: link.maxAmount ?? LINK_MAX_KOBO,
  minLabel: "the smallest amount you can pay here",
  maxLabel: "the largest amount you can pay here",
});
