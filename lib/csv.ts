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
  const reader = new CsvReader();
  return [...reader.push(text), ...reader.end()];
}

/**
 * CSV read a piece at a time (parseCsv's rules): `push` each piece of text as it arrives and
 * get the rows it completed; `end` for the last. Holds one unfinished row, never the file, so
 * a statement of any size streams through in flat memory.
 */
export class CsvReader {
  private row: string[] = [];
  private cell = "";
  private quoted = false;
  private started = false;
  /** A character whose meaning depends on the next one (a quote inside quotes, a CR), carried to the next piece. */
  private carry = "";

  push(piece: string): string[][] {
    let text = this.carry + piece;
    this.carry = "";
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    const rows: string[][] = [];
    for (let i = 0; i < text.length; i++) {
      const ch = text[i]!;
      const last = i === text.length - 1;
      if (this.quoted) {
        if (ch === '"' && last) {
          this.carry = ch;
          break;
        }
        if (ch === '"' && text[i + 1] === '"') {
          this.cell += '"';
          i++;
        } else if (ch === '"') this.quoted = false;
        else this.cell += ch;
      } else if (ch === '"' && this.cell.trim() === "") {
        this.quoted = true;
        this.cell = "";
      } else if (ch === ",") {
        this.row.push(this.cell);
        this.cell = "";
      } else if (ch === "\r" && last) {
        this.carry = ch;
        break;
      } else if (ch === "\n" || ch === "\r") {
        if (ch === "\r" && text[i + 1] === "\n") i++;
        this.endRow(rows);
      } else this.cell += ch;
    }
    return rows;
  }

  end(): string[][] {
    const rows: string[][] = [];
    if (this.carry === "\r") {
      this.carry = "";
      this.endRow(rows);
    } else if (this.carry === '"') {
      this.carry = "";
      this.quoted = false;
    }
    if (this.cell !== "" || this.row.length) this.endRow(rows);
    return rows;
  }

  private endRow(rows: string[][]) {
    this.row.push(this.cell);
    if (this.row.some((c) => c.trim() !== "")) rows.push(this.row);
    this.row = [];
    this.cell = "";
  }
}

/** Rows of a CSV stream (bytes as UTF-8, or text), in the batches each piece completes. */
export async function* csvRows(pieces: AsyncIterable<Uint8Array | string>): AsyncGenerator<string[][]> {
  const reader = new CsvReader();
  const decoder = new TextDecoder("utf-8", { fatal: true });
  for await (const piece of pieces) {
    const rows = reader.push(typeof piece === "string" ? piece : decoder.decode(piece, { stream: true }));
    if (rows.length) yield rows;
  }
  const tail = reader.push(decoder.decode());
  const rest = [...tail, ...reader.end()];
  if (rest.length) yield rest;
}
