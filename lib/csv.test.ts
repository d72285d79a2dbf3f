import { describe, expect, it } from "vitest";
import { parseCsv, toCsv } from "./csv";

describe("CSV export", () => {
  it("quotes commas, quotes and newlines, and neutralises spreadsheet formulas", () => {
    expect(
      toCsv(
        ["a", "b"],
        [
          ["x,y", 'say "hi"'],
          ["=SUM(A1)", null],
        ],
      ),
    ).toBe('a,b\r\n"x,y","say ""hi"""\r\n\'=SUM(A1),\r\n');
  });
});

describe("CSV import (parseCsv)", () => {
  it("reads quoted cells with commas, doubled quotes and line breaks; CRLF or LF; drops a BOM and blank lines", () => {
    const text = '\uFEFFa,b,c\r\n1,"₦25,000.50","say ""hi""\nthere"\r\n\r\n2,,3\n';
    expect(parseCsv(text)).toEqual([
      ["a", "b", "c"],
      ["1", "₦25,000.50", 'say "hi"\nthere'],
      ["2", "", "3"],
    ]);
  });

  it("reads back what toCsv writes", () => {
    const rows = [
      ["x", "y"],
      ["a,b", 'q"q'],
    ];
    expect(parseCsv(toCsv(rows[0]!, rows.slice(1)))).toEqual(rows);
  });
});
