import { describe, expect, it } from "vitest";
import { toCsv } from "./csv";

describe("CSV export", () => {
  it("quotes commas, quotes and newlines, and neutralises spreadsheet formulas", () => {
    expect(toCsv(["a", "b"], [["x,y", 'say "hi"'], ["=SUM(A1)", null]])).toBe('a,b\r\n"x,y","say ""hi"""\r\n\'=SUM(A1),\r\n');
  });
});
