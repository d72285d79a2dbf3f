import type { InvoiceLineItem } from "@/db/schema";
import { checkNairaField, koboToNaira, parseNaira, type NairaFieldRules } from "@/lib/money";

/** A due date ('YYYY-MM-DD', a calendar day) as people read it: "14 Mar 2026". */
export function formatDueDate(date: string): string {
  return new Intl.DateTimeFormat("en-NG", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
}

/** A line item's unit price: zero allowed (a free item), up to an invoice's largest total. */
export const UNIT_PRICE_FIELD: NairaFieldRules = { minKobo: 0, maxKobo: 999_999_999_999, maxLabel: "the largest unit price" };

/** A unit price as typed ("12,500.50", "₦ 300") → kobo exactly (lib/money's parser), or null. */
export function parseNairaInput(text: string): number | null {
  const r = parseNaira(text, { minKobo: UNIT_PRICE_FIELD.minKobo, maxKobo: UNIT_PRICE_FIELD.maxKobo });
  return r.ok ? r.kobo : null;
}

/** What is wrong with a typed unit price, naming the limit it breaks (null when fine or empty). */
export function unitPriceProblem(text: string): string | null {
  return text.trim() === "" ? "Enter the unit price in naira, e.g. 12500" : checkNairaField(text, UNIT_PRICE_FIELD).problem;
}

/** A whole quantity ("3") → 3, or null. */
export function parseQuantityInput(text: string): number | null {
  const clean = text.replace(/[,\s]/g, "");
  return /^\d{1,7}$/.test(clean) && Number(clean) >= 1 ? Number(clean) : null;
}

/** A tax rate in percent with at most two decimals ("7.5") → 7.5; empty → 0; else null. */
export function parseTaxRateInput(text: string): number | null {
  const clean = text.replace(/[%\s]/g, "");
  if (clean === "") return 0;
  return /^\d{1,3}(\.\d{1,2})?$/.test(clean) && Number(clean) <= 100 ? Number(clean) : null;
}

/** One editable row of the line-item editor. */
export type LineRow = { key: string; description: string; quantity: string; price: string };

export const rowFromItem = (item: InvoiceLineItem, key: string): LineRow => ({
  key,
  description: item.description,
  quantity: String(item.quantity),
  price: koboToNaira(item.unit_price),
});
