import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  formatNaira,
  koboSchema,
  koboToNaira,
  nairaAmountSchema,
  nairaNumberSchema,
  nairaTextSchema,
  nairaToKobo,
  optionalNairaTextSchema,
  parseNaira,
  checkNairaField,
  nairaFieldSchema,
} from "./money";

const messages = {
  invalid: "not naira",
  negative: "no minus",
  decimals: "two decimals at most",
  zero: "more than zero",
  too_small: "too small",
  too_large: "too large",
};
const issue = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input);
  return r.success ? `ok:${String(r.data)}` : r.error.issues[0]!.message;
};

describe("money: integer kobo inside, naira only at the edge", () => {
  it("converts naira strings to kobo exactly, with no floating point", () => {
    expect(nairaToKobo("12500.5")).toBe(1250050);
    expect(nairaToKobo("0.1")).toBe(10);
    expect(() => nairaToKobo("1.234")).toThrow();
  });
  it("takes strings only: a float is converted by the API schema through its decimal text (19.99 → 1999)", () => {
    // @ts-expect-error nairaToKobo no longer accepts a number
    expect(() => nairaToKobo(19.99)).toThrow();
    expect(nairaAmountSchema({ messages }).parse(19.99)).toBe(1999);
  });
  it("renders kobo as a two-decimal naira string and as ₦ for people", () => {
    expect(koboToNaira(1250050)).toBe("12500.50");
    expect(formatNaira(1250050)).toBe("₦12,500.50");
    expect(formatNaira(-100)).toBe("−₦1.00");
  });
});

describe("parseNaira: what a person types", () => {
  it("reads ₦, thousands commas and one or two decimals", () => {
    expect(parseNaira("₦1,234.50")).toEqual({ ok: true, kobo: 123_450 });
    expect(parseNaira(" ₦ 300 ")).toEqual({ ok: true, kobo: 30_000 });
    expect(parseNaira("1,000,000")).toEqual({ ok: true, kobo: 100_000_000 });
    expect(parseNaira("12500.5")).toEqual({ ok: true, kobo: 1_250_050 });
  });
  it("refuses commas that are not thousands separators", () => {
    expect(parseNaira("1,2,3")).toEqual({ ok: false, problem: "format" });
    expect(parseNaira("12,50")).toEqual({ ok: false, problem: "format" });
    expect(parseNaira(",100")).toEqual({ ok: false, problem: "format" });
  });
  it("says which rule an amount breaks: shape, minus, decimals, zero, limits", () => {
    expect(parseNaira("1.234")).toEqual({ ok: false, problem: "decimals" });
    expect(parseNaira("-5")).toEqual({ ok: false, problem: "negative" });
    expect(parseNaira("₦-5")).toEqual({ ok: false, problem: "negative" });
    expect(parseNaira("abc")).toEqual({ ok: false, problem: "format" });
    expect(parseNaira("")).toEqual({ ok: false, problem: "format" });
    expect(parseNaira("5.")).toEqual({ ok: false, problem: "format" });
    expect(parseNaira(".5")).toEqual({ ok: false, problem: "format" });
    expect(parseNaira("1e3")).toEqual({ ok: false, problem: "format" });
    expect(parseNaira("0")).toEqual({ ok: false, problem: "zero" });
    expect(parseNaira("0", { minKobo: 0 })).toEqual({ ok: true, kobo: 0 });
    expect(parseNaira("99.99", { minKobo: 10_000 })).toEqual({ ok: false, problem: "too_small" });
    expect(parseNaira("100.01", { maxKobo: 10_000 })).toEqual({ ok: false, problem: "too_large" });
    expect(parseNaira("100.00", { maxKobo: 10_000 })).toEqual({ ok: true, kobo: 10_000 });
  });
  it("adds exactly: 0.1 + 0.2 is 30 kobo, where floats give 0.30000000000000004", () => {
    const sum = (parseNaira("0.1") as { kobo: number }).kobo + (parseNaira("0.2") as { kobo: number }).kobo;
    expect(sum).toBe(30);
    expect(parseNaira("1.10")).toEqual({ ok: true, kobo: 110 });
    expect(parseNaira("1.15")).toEqual({ ok: true, kobo: 115 }); // 1.15 * 100 is 114.99999999999999 in floats
    expect(parseNaira("9007199254740.99")).toEqual({ ok: true, kobo: 900_719_925_474_099 });
  });
  it("refuses an amount beyond a safe integer of kobo instead of rounding it", () => {
    expect(parseNaira("90071992547409.92")).toEqual({ ok: false, problem: "too_large" });
    expect(parseNaira("99999999999999999999")).toEqual({ ok: false, problem: "too_large" });
    expect(parseNaira("90071992547409.91")).toEqual({ ok: true, kobo: Number.MAX_SAFE_INTEGER });
  });
});

describe("the shared schemas", () => {
  it("text: each caller's own words per problem, falling back to its general message", () => {
    const s = nairaTextSchema({ maxKobo: 1_000_000, messages });
    expect(issue(s, "₦1,234.50")).toBe("ok:123450");
    expect(issue(s, "-5")).toBe("no minus");
    expect(issue(s, "1.234")).toBe("two decimals at most");
    expect(issue(s, "0")).toBe("more than zero");
    expect(issue(s, "10000.01")).toBe("too large");
    expect(issue(s, "1,2,3")).toBe("not naira");
    const plain = nairaTextSchema({ messages: { invalid: "Enter an amount" } });
    expect(issue(plain, "-5")).toBe("Enter an amount");
    expect(issue(plain, "1.234")).toBe("Enter an amount");
  });
  it("optional text: empty is null, anything else as above", () => {
    const s = optionalNairaTextSchema({ minKobo: 10_000, messages });
    expect(issue(s, "  ")).toBe("ok:null");
    expect(issue(s, "50")).toBe("too small");
    expect(issue(s, "50,000")).toBe("ok:5000000");
  });
  it("API amount: a JSON number converts through its decimal text (12.5 → 1250, 12.345 refused, never rounded)", () => {
    const s = nairaAmountSchema({ maxKobo: 1_000_000_00, messages });
    expect(issue(s, 12.5)).toBe("ok:1250");
    expect(issue(s, 19.99)).toBe("ok:1999");
    expect(issue(s, 0.1)).toBe("ok:10");
    expect(issue(s, 12.345)).toBe("two decimals at most");
    expect(issue(s, "12.345")).toBe("two decimals at most");
    expect(issue(s, "1500.00")).toBe("ok:150000");
    expect(issue(s, "1,500.00")).toBe("not naira"); // api.md's decimal string: no commas, no ₦
    expect(issue(s, "₦1500")).toBe("not naira");
    expect(issue(s, "-1500")).toBe("no minus");
    expect(issue(s, -5)).toBe("no minus");
    expect(issue(s, 1e20)).toBe("too large");
    expect(issue(s, 1e21)).toBe("not naira"); // String(1e21) is "1e+21": no decimal text
    expect(issue(s, 1e-7)).toBe("not naira");
    expect(issue(s, Number.NaN)).toBe("not naira");
    expect(issue(s, 0)).toBe("more than zero");
    expect(issue(s, true)).toBe("not naira");
  });
  it("API number-only amount: limits on the number, kobo from its text", () => {
    const s = nairaNumberSchema({ maxNaira: 100, messages: { ...messages, type: "a number" } });
    expect(issue(s, 99.99)).toBe("ok:9999");
    expect(issue(s, 10.005)).toBe("two decimals at most");
    expect(issue(s, 100.5)).toBe("too large");
    expect(issue(s, 0)).toBe("more than zero");
    expect(issue(s, "5")).toBe("a number");
  });
});

describe("koboSchema: API amounts in kobo", () => {
  it("takes integers within the limits and names the broken one in api.md's words", () => {
    const s = koboSchema("amount", { min: 100, max: 100_000 });
    expect(issue(s, 100)).toBe("ok:100");
    expect(issue(s, undefined)).toBe("amount is required");
    expect(issue(s, "100")).toBe("amount must be an integer number of kobo");
    expect(issue(s, 10.5)).toBe("amount must be an integer number of kobo");
    expect(issue(s, 99)).toBe("amount must be at least 100 kobo");
    expect(issue(s, 100_001)).toBe("amount must be at most 100000 kobo");
  });
  it("keeps a field's own published words when given, and takes safe integers only", () => {
    const s = koboSchema("daily_limit", { min: 0, max: 1_000, messages: { max: "daily_limit is too large" } });
    expect(issue(s, 1_001)).toBe("daily_limit is too large");
    const unbounded = koboSchema("amount", { min: 0 });
    expect(issue(unbounded, Number.MAX_SAFE_INTEGER)).toBe(`ok:${Number.MAX_SAFE_INTEGER}`);
    expect(issue(unbounded, 2 ** 60)).toBe("amount must be an integer number of kobo");
  });
});

describe("checkNairaField: a dashboard form's naira field, refusals naming the limit", () => {
  const fund = { minKobo: 100, maxKobo: 100_000_000_000, minLabel: "the smallest amount you can fund", maxLabel: "the most you can fund at once" };
  it("rule: a minus sign is refused as negative (ASCII and the typographic minus)", () => {
    expect(checkNairaField("-5", fund)).toEqual({ kobo: null, problem: "The amount cannot be negative" });
    expect(checkNairaField("−5", fund)).toEqual({ kobo: null, problem: "The amount cannot be negative" });
    expect(checkNairaField("₦-5", fund).problem).toBe("The amount cannot be negative");
  });
  it("rule: more than two decimals is refused as such, not as a bad shape", () => {
    expect(checkNairaField("5.123", fund).problem).toBe("Use at most two decimal places (kobo)");
    expect(checkNairaField("1,000.001", fund).problem).toBe("Use at most two decimal places (kobo)");
  });
  it("rule: above the operation's maximum names that maximum in naira, however huge the number", () => {
    expect(checkNairaField("1000000000.01", fund).problem).toBe("The most you can fund at once is ₦1,000,000,000.00");
    expect(checkNairaField("99999999999999999999999", fund).problem).toBe("The most you can fund at once is ₦1,000,000,000.00");
    expect(checkNairaField("1000000000", fund)).toEqual({ kobo: 100_000_000_000, problem: null });
  });
  it("rule: below the minimum names the minimum; zero asks for more than ₦0.00", () => {
    expect(checkNairaField("0.50", fund).problem).toBe("The smallest amount you can fund is ₦1.00");
    expect(checkNairaField("0", fund).problem).toBe("Enter an amount greater than ₦0.00");
    expect(checkNairaField("0", { maxKobo: 100, minKobo: 0 })).toEqual({ kobo: 0, problem: null });
  });
  it("rule: without labels the limits are 'the maximum amount' and 'the minimum amount'", () => {
    expect(checkNairaField("101", { maxKobo: 10_000 }).problem).toBe("The maximum amount is ₦100.00");
    expect(checkNairaField("1", { minKobo: 200, maxKobo: 10_000 }).problem).toBe("The minimum amount is ₦2.00");
  });
  it("rule: text that is not an amount asks for naira; empty text is neither amount nor problem", () => {
    expect(checkNairaField("abc", fund).problem).toBe("Enter an amount in naira, e.g. 12500 or 12500.50");
    expect(checkNairaField("  ", fund)).toEqual({ kobo: null, problem: null });
    expect(checkNairaField("₦12,500.50", fund)).toEqual({ kobo: 1_250_050, problem: null });
  });
  it("rule: the action's schema (nairaFieldSchema) refuses with the same words as the field", () => {
    const s = nairaFieldSchema(fund);
    expect(issue(s, "-5")).toBe("The amount cannot be negative");
    expect(issue(s, "5.123")).toBe("Use at most two decimal places (kobo)");
    expect(issue(s, "2000000000")).toBe("The most you can fund at once is ₦1,000,000,000.00");
    expect(issue(s, "12,500")).toBe("ok:1250000");
  });
});
