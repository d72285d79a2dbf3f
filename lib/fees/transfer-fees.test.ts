import { describe, expect, it } from "vitest";
import { transferCharges } from "./transfer-fees";

const bank = (amount: number) => transferCharges({ amount, type: "bank_transfer" });

describe("transfer fees (supplement §3)", () => {
  it("fee 1,000 kobo up to 500,000; 2,500 up to 5,000,000; 5,000 above", () => {
    expect(bank(10_000).fee).toBe(1_000);
    expect(bank(500_000).fee).toBe(1_000);
    expect(bank(500_001).fee).toBe(2_500);
    expect(bank(5_000_000).fee).toBe(2_500);
    expect(bank(5_000_001).fee).toBe(5_000);
  });
  it("VAT is 7.5% of the fee, rounded half up", () => {
    expect(bank(10_000).vat).toBe(75); // 75.0
    expect(bank(1_000_000).vat).toBe(188); // 187.5 → 188
    expect(bank(10_000_000).vat).toBe(375);
  });
  it("stamp duty 5,000 kobo when the amount is at least 1,000,000 kobo (₦10,000)", () => {
    expect(bank(999_999).stamp_duty).toBe(0);
    expect(bank(1_000_000).stamp_duty).toBe(5_000);
  });
  it("total is amount + fee + VAT + stamp duty, in NGN", () => {
    expect(bank(1_000_000)).toEqual({ amount: 1_000_000, fee: 2_500, vat: 188, stamp_duty: 5_000, total: 1_007_688, currency: "NGN" });
  });
  it("PayID transfers cost nothing", () => {
    expect(transferCharges({ amount: 5_000_000, type: "payid" })).toEqual({
      amount: 5_000_000,
      fee: 0,
      vat: 0,
      stamp_duty: 0,
      total: 5_000_000,
      currency: "NGN",
    });
  });
});
