import { describe, expect, it } from "vitest";
import { csvRows, CsvReader, parseCsv } from "./csv";

const SAMPLE = '\ufeffReference,Amount,Note\r\nT1,"1,000.00","said ""hi""\r\nthen left"\r\nT2,5.00,\n\n,,\r\nT3,7,"x"';

describe("CSV read a piece at a time (statement files stream through CsvReader)", () => {
  it("gives the same rows as parseCsv however the text is cut, even between a CR and its LF or inside a doubled quote", () => {
    const whole = parseCsv(SAMPLE);
    expect(whole).toEqual([
      ["Reference", "Amount", "Note"],
      ["T1", "1,000.00", 'said "hi"\r\nthen left'],
      ["T2", "5.00", ""],
      ["T3", "7", "x"],
    ]);
    for (let cut = 0; cut <= SAMPLE.length; cut++) {
      const reader = new CsvReader();
      const rows = [...reader.push(SAMPLE.slice(0, cut)), ...reader.push(SAMPLE.slice(cut)), ...reader.end()];
      expect(rows, `cut at ${cut}`).toEqual(whole);
    }
  });

  it("decodes UTF-8 bytes split inside a character (₦ is three bytes)", async () => {
    const bytes = new TextEncoder().encode("a,b\r\n₦1,₦2\r\n");
    async function* oneByteAtATime() {
      for (const b of bytes) yield new Uint8Array([b]);
    }
    const rows: string[][] = [];
    for await (const batch of csvRows(oneByteAtATime())) rows.push(...batch);
    expect(rows).toEqual([
      ["a", "b"],
      ["₦1", "₦2"],
    ]);
  });
});
