import { describe, expect, it } from "vitest";
import { computeInvoiceTotals } from "@/lib/invoices/invoice-totals";
import { parseNairaInput, parseQuantityInput, parseTaxRateInput } from "@/components/invoices/invoice-format";

describe("the invoice form's inputs", () => {
  it("converts naira as typed to kobo exactly, with no floating point (0.1 + 0.2 style sums stay exact)", () => {
    expect(parseNairaInput("12,500.50")).toBe(1_250_050);
    expect(parseNairaInput("₦ 0.10")).toBe(10);
    expect(parseNairaInput("0.2")).toBe(20);
    expect(parseNairaInput("1999.99")).toBe(199_999);
    expect(parseNairaInput("12.345")).toBeNull();
    expect(parseNairaInput("-5")).toBeNull();
    expect(parseNairaInput("abc")).toBeNull();
    expect(parseNairaInput("")).toBeNull();
  });

  it("takes whole quantities of at least 1 only", () => {
    expect(parseQuantityInput("3")).toBe(3);
    expect(parseQuantityInput("1,000")).toBe(1000);
    expect(parseQuantityInput("0")).toBeNull();
    expect(parseQuantityInput("1.5")).toBeNull();
  });

  it("takes a tax rate in percent with at most two decimals, empty meaning 0", () => {
    expect(parseTaxRateInput("")).toBe(0);
    expect(parseTaxRateInput("7.5")).toBe(7.5);
    expect(parseTaxRateInput("7.5%")).toBe(7.5);
    expect(parseTaxRateInput("7.555")).toBeNull();
    expect(parseTaxRateInput("101")).toBeNull();
  });

  it("shows the server's totals: the form's live totals are computeInvoiceTotals itself (tax rounded half up to the kobo)", () => {
    const items = [
      { description: "Design", quantity: 3, unit_price: parseNairaInput("1,333.33")! },
      { description: "Print", quantity: 1, unit_price: parseNairaInput("0.05")! },
    ];
    const t = computeInvoiceTotals(items, parseTaxRateInput("7.5")!);
    expect(t.subtotal).toBe(399_999 + 5);
    expect(t.taxAmount).toBe(30_000); // 400004 × 0.075 = 30000.3 → 30000
    expect(t.total).toBe(430_004);
  });
});
