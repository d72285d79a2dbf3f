import { describe, expect, it } from "vitest";
import { collectionFee, percentHalfUp } from "./collection-fee";

describe("collection fees (supplement §3)", () => {
  it("bank transfer is 1% capped at 200,000 kobo", () => {
    expect(collectionFee("bank_transfer", 1_000_000)).toBe(10_000);
    expect(collectionFee("bank_transfer", 50_000_000)).toBe(200_000);
  });
  it("static account is 0.5% capped at 100,000; card 1.5% capped at 200,000; crypto 1% uncapped", () => {
    expect(collectionFee("static_account", 1_000_000)).toBe(5_000);
    expect(collectionFee("static_account", 100_000_000)).toBe(100_000);
    expect(collectionFee("card", 1_000_000)).toBe(15_000);
    expect(collectionFee("card", 100_000_000)).toBe(200_000);
    expect(collectionFee("crypto", 100_000_000)).toBe(1_000_000);
  });
  it("PayID payments are free", () => {
    expect(collectionFee("payid", 123_456_789)).toBe(0);
  });
  it("percentages round half up to the kobo", () => {
    expect(percentHalfUp(150, 100)).toBe(2); // 1.5 → 2
    expect(percentHalfUp(149, 100)).toBe(1); // 1.49 → 1
    expect(percentHalfUp(50, 100)).toBe(1); // 0.5 → 1
  });
});
