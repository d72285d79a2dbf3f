/**
 * Exact conversion between Owo's kobo and a provider's naira (Monnify and Flutterwave send and
 * take naira as JSON numbers with up to two decimals; Paystack takes kobo). Never through
 * float arithmetic: kobo → naira is one correctly rounded division whose shortest decimal
 * form is the two-decimal amount; naira → kobo reads the number's decimal text with the one
 * naira parser (lib/money.ts).
 */
import { parseNaira } from "@/lib/money";

/** 123456 → 1234.56 (a JSON number whose text is exactly "1234.56"). */
export function koboToNairaNumber(kobo: number): number {
  if (!Number.isSafeInteger(kobo)) throw new Error(`Not a kobo amount: ${kobo}`);
  return kobo / 100;
}

/**
 * A provider's naira amount (a JSON number or its text: 1234.56, "1234.56", 1234.5, 1234)
 * → 123456 kobo exactly; throws on anything with more than two decimals or not an amount.
 */
export function nairaToKoboExact(naira: number | string): number {
  const text = typeof naira === "number" ? (Number.isFinite(naira) ? String(naira) : "") : naira.trim();
  const negative = text.startsWith("-");
  const r = parseNaira(negative ? text.slice(1) : text, { minKobo: 0, plain: true });
  if (!r.ok) throw new Error(`Not a naira amount from the provider: ${JSON.stringify(naira)}`);
  return negative ? -r.kobo : r.kobo;
}

/** A provider's kobo amount (Paystack: a JSON integer or its text) → kobo; throws on a fraction. */
export function koboExact(kobo: number | string): number {
  const n = typeof kobo === "number" ? kobo : /^-?\d+$/.test(kobo.trim()) ? Number(kobo.trim()) : NaN;
  if (!Number.isSafeInteger(n)) throw new Error(`Not a kobo amount from the provider: ${JSON.stringify(kobo)}`);
  return n;
}
