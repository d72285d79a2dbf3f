import type { InvoiceLineItem } from "@/db/schema";
import { validationError } from "@/lib/errors";
import { MAX_INVOICE_TOTAL, type InvoiceLineItemInput } from "./invoice-input";

export type InvoiceTotals = { lineItems: InvoiceLineItem[]; subtotal: number; taxRateBp: number; taxAmount: number; total: number };

/** 7.5 (percent) → 750 basis points, exactly (the schema allows two decimals). */
export const taxRateToBp = (percent: number): number => Math.round(percent * 100);

/** 750 → 7.5: the API's `tax_rate` (number, percent). */
export const bpToTaxRate = (bp: number): number => bp / 100;

/**
 * Totals, in kobo, computed on the server from the line items and the tax rate: each line is
 * quantity × unit_price, tax is subtotal × rate rounded half up to the kobo. BigInt throughout,
 * so no product ever loses a kobo. The total must be at least ₦1 (100 kobo) and at most
 * MAX_INVOICE_TOTAL; otherwise 400 Validation error.
 */
export function computeInvoiceTotals(items: InvoiceLineItemInput[], taxRatePercent: number): InvoiceTotals {
  const taxRateBp = taxRateToBp(taxRatePercent);
  let subtotal = 0n;
  const lineItems = items.map((item) => {
    const amount = BigInt(item.quantity) * BigInt(item.unit_price);
    subtotal += amount;
    return { description: item.description, quantity: item.quantity, unit_price: item.unit_price, amount };
  });
  const taxAmount = (subtotal * BigInt(taxRateBp) + 5_000n) / 10_000n;
  const total = subtotal + taxAmount;
  if (total > BigInt(MAX_INVOICE_TOTAL)) throw validationError([`total must be at most ${MAX_INVOICE_TOTAL} kobo`]);
  if (total < 100n) throw validationError(["total must be at least 100 kobo"]);
  return {
    lineItems: lineItems.map((l) => ({ ...l, amount: Number(l.amount) })),
    subtotal: Number(subtotal),
    taxRateBp,
    taxAmount: Number(taxAmount),
    total: Number(total),
  };
}
