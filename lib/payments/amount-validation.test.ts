import { describe, expect, it } from "vitest";
import { amountAccepted } from "./amount-validation";

describe("api.md amount validation rules", () => {
  const cases: [Parameters<typeof amountAccepted>[0], number, boolean, boolean, boolean][] = [
    // rule, expected, accepts less, equal, more
    ["A0", 1000, false, true, false],
    ["A1", 1000, true, false, false],
    ["A2", 1000, false, false, true],
    ["A3", 1000, true, true, false],
    ["A4", 1000, false, true, true],
    ["A5", 1000, true, true, true],
  ];
  it.each(cases)("%s against %i: less %s, equal %s, more %s", (rule, expected, less, equal, more) => {
    expect(amountAccepted(rule, expected, expected - 1)).toBe(less);
    expect(amountAccepted(rule, expected, expected)).toBe(equal);
    expect(amountAccepted(rule, expected, expected + 1)).toBe(more);
  });
  it("with no amount set every payment is accepted, whatever the rule", () => {
    for (const rule of ["A0", "A1", "A2", "A3", "A4", "A5"] as const) expect(amountAccepted(rule, null, 1)).toBe(true);
  });
});
