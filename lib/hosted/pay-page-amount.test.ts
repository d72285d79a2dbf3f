import { describe, expect, it } from "vitest";
import { amountAccepted } from "@/lib/payments/amount-validation";
import { payPageAmount } from "./pay-page-amount";

const session = { id: "s", amount: 5_000, status: "active" as const };

describe("payPageAmount", () => {
  it("says each rule under a named amount, and 'exactly' only for A0", () => {
    expect(payPageAmount({ amount: 5_000, amountValidation: "A1", session: null })).toEqual({ note: "Pay less than this amount", exact: false, sample: 4_900 });
    expect(payPageAmount({ amount: 5_000, amountValidation: "A2", session: null })).toEqual({ note: "Pay more than this amount", exact: false, sample: 5_100 });
    expect(payPageAmount({ amount: 5_000, amountValidation: "A0", session: null })).toEqual({ note: "Pay exactly this amount", exact: true, sample: 5_000 });
    expect(payPageAmount({ amount: 5_000, amountValidation: "A5", session: null }).note).toBe("Any amount is accepted");
  });

  it("a checkout's PayID is paid exactly, whatever its rule", () => {
    expect(payPageAmount({ amount: 5_000, amountValidation: "A4", session })).toEqual({ note: "Checkout payment", exact: true, sample: 5_000 });
  });

  it("no amount: no note, no sample", () => {
    expect(payPageAmount({ amount: null, amountValidation: null, session: null })).toEqual({ note: undefined, exact: false, sample: null });
  });

  it("the sample is an amount the rule accepts, never below one kobo", () => {
    for (const rule of ["A0", "A1", "A2", "A3", "A4", "A5"] as const) {
      for (const amount of [1, 100, 101, 5_000]) {
        const { sample } = payPageAmount({ amount, amountValidation: rule, session: null });
        expect(sample).toBeGreaterThanOrEqual(1);
        if (!(rule === "A1" && amount <= 100)) expect(amountAccepted(rule, amount, sample!)).toBe(true);
      }
    }
  });
});
