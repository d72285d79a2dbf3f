import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { koboExact, koboToNairaNumber, nairaToKoboExact } from "./units";

describe("kobo ↔ a provider's naira, exactly (supplement §11)", () => {
  it("₦1,234.56 ↔ 123,456 kobo both ways, and its JSON text is exactly 1234.56", () => {
    expect(koboToNairaNumber(123_456)).toBe(1234.56);
    expect(JSON.stringify({ amount: koboToNairaNumber(123_456) })).toBe('{"amount":1234.56}');
    expect(nairaToKoboExact(1234.56)).toBe(123_456);
    expect(nairaToKoboExact("1234.56")).toBe(123_456);
    expect(nairaToKoboExact(1234.5)).toBe(123_450);
    expect(nairaToKoboExact(1234)).toBe(123_400);
  });

  it("every kobo amount survives the round trip through a JSON number of naira", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000_000 }), (kobo) => {
        const wire = JSON.parse(JSON.stringify({ a: koboToNairaNumber(kobo) })).a as number;
        expect(nairaToKoboExact(wire)).toBe(kobo);
      }),
    );
  });

  it("a third decimal or a non-amount from a provider is refused, never rounded", () => {
    expect(() => nairaToKoboExact(12.345)).toThrow();
    expect(() => nairaToKoboExact("12,00")).toThrow();
    expect(() => nairaToKoboExact(Number.NaN)).toThrow();
    expect(() => koboExact(12.5)).toThrow();
    expect(koboExact("150000")).toBe(150_000);
  });
});
