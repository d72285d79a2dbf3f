import { describe, expect, it } from "vitest";
import { formatNaira, koboToNaira, nairaToKobo } from "./money";

describe("money: integer kobo inside, naira only at the edge", () => {
  it("converts naira strings to kobo exactly, with no floating point", () => {
    expect(nairaToKobo("12500.5")).toBe(1250050);
    expect(nairaToKobo("0.1")).toBe(10);
    expect(nairaToKobo(19.99)).toBe(1999);
    expect(() => nairaToKobo("1.234")).toThrow();
  });
  it("renders kobo as a two-decimal naira string and as ₦ for people", () => {
    expect(koboToNaira(1250050)).toBe("12500.50");
    expect(formatNaira(1250050)).toBe("₦12,500.50");
    expect(formatNaira(-100)).toBe("−₦1.00");
  });
});
