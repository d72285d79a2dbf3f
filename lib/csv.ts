/** RFC 4180 CSV, with formula-injection guarding for spreadsheet users. */
function cell(value: unknown): string {
  let s = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const lines = (rows: unknown[][]): string => rows.map((r) => r.map(cell).join(",") + "\r\n").join("");

export function toCsv(header: string[], rows: unknown[][]): string {
  return lines([header, ...rows]);
}

/**
 * A CSV body written as it is read: the header, then each batch of rows as the source yields
 * it, so an export of any size holds one batch in memory. Cancelling the response (the client
 * went away) stops the source.
 */
export function csvStream<T>(header: string[], batches: AsyncIterable<T[]>, toRow: (item: T) => unknown[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = batches[Symbol.asyncIterator]();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(lines([header])));
      }
      const next = await iterator.next();
      if (next.done) controller.close();
      else if (next.value.length) controller.enqueue(encoder.encode(lines(next.value.map(toRow))));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}


/**
 * RFC 4180 CSV text → rows of cells (quoted cells may hold commas, quotes doubled, line breaks;
 * CRLF or LF; a leading BOM dropped). Lines with no cell text are left out.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cellText = "";
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRow = () => {
    row.push(cellText);
    if (row.some((c) => c.trim() !== "")) rows.push(row);
    row = [];
    cellText = "";
  };
  for (; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cellText += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cellText += ch;
    } else if (ch === '"' && cellText.trim() === "") {
      quoted = true;
      cellText = "";
    } else if (ch === ",") {
      row.push(cellText);
      cellText = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      endRow();
    } else cellText += ch;
  }
  if (cellText !== "" || row.length) endRow();
  return rows;
}
