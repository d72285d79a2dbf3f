import { describe, expect, it } from "vitest";
import { transferCharges } from "@/lib/fees/transfer-fees";
import { transferTotal } from "./transfer-total";

describe("transferTotal", () => {
  it("is the amount plus fee, VAT and stamp duty, as the charges quote says", () => {
    const c = transferCharges({ amount: 2_000_000, type: "bank_transfer", at: new Date("2025-06-01T00:00:00Z") });
    expect(transferTotal({ amount: c.amount, fee: c.fee, vat: c.vat, stampDuty: c.stamp_duty })).toBe(c.total);
    expect(transferTotal({ amount: 1_000, fee: 0, vat: 0, stampDuty: 0 })).toBe(1_000);
  });
});
