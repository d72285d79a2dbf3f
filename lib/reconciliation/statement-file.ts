import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import type { Db } from "@/db/client";
import { csvRows } from "@/lib/csv";
import { validationError } from "@/lib/errors";
import { parseNaira } from "@/lib/money";
import type { StatementLine } from "@/lib/rails/rail";
import { directionOf, PROVIDER_EXPORTS, statusOf, valueTimeOf, type ColumnMapping, type StatementFormat } from "./statement-formats";
import { storeLines, type LineSource } from "@/db/statements/reconciliation";

/** An uploaded statement: read twice (its SHA-256 names the run, then its rows), streamed both times. */
export type StatementFile = {
  name: string;
  format: StatementFormat;
  mapping?: ColumnMapping;
  open(): AsyncIterable<Uint8Array | string>;
  sha256(): Promise<string>;
};

const BATCH = 5_000;

export function statementFileFromPath(path: string, format: StatementFormat, mapping?: ColumnMapping): StatementFile {
  const open = () => createReadStream(path, { highWaterMark: 256 * 1024 }) as AsyncIterable<Uint8Array>;
  return { name: path.split("/").pop() ?? path, format, mapping, open, sha256: () => digest(open()) };
}

export function statementFileFromBytes(name: string, bytes: Uint8Array, format: StatementFormat, mapping?: ColumnMapping): StatementFile {
  async function* open() {
    for (let i = 0; i < bytes.length; i += 256 * 1024) yield bytes.subarray(i, i + 256 * 1024);
  }
  return { name, format, mapping, open, sha256: () => digest(open()) };
}

async function digest(pieces: AsyncIterable<Uint8Array | string>): Promise<string> {
  const hash = createHash("sha256");
  for await (const p of pieces) hash.update(p);
  return hash.digest("hex");
}

/**
 * Streams a statement file into the run's lines: the header row names the columns (the
 * provider's export, or the mapping saved for a bank), each row becomes a normalised line,
 * stored in batches. A file that is not a statement (a missing column, an amount that is not
 * naira) is refused whole, naming the row.
 */
export async function importStatementFile(db: Db, at: LineSource, file: StatementFile): Promise<number> {
  const mapping = file.mapping ?? (file.format === "bank" ? null : PROVIDER_EXPORTS[file.format]);
  if (!mapping) throw validationError(["A bank statement needs its column mapping: save one for this source first"]);
  let columns: Map<keyof ColumnMapping, number> | null = null;
  let rowNo = 0;
  let batch: StatementLine[] = [];
  let stored = 0;
  for await (const rows of csvRows(file.open())) {
    for (const row of rows) {
      rowNo++;
      if (!columns) {
        columns = locate(mapping, row);
        continue;
      }
      batch.push(lineOf(row, columns, rowNo));
      if (batch.length >= BATCH) {
        stored += await storeLines(db, at, batch);
        batch = [];
      }
    }
  }
  if (!columns) throw validationError(["The file is empty"]);
  stored += await storeLines(db, at, batch);
  return stored;
}

function locate(mapping: ColumnMapping, header: string[]): Map<keyof ColumnMapping, number> {
  const index = new Map(header.map((h, i) => [h.trim().toLowerCase(), i]));
  const found = new Map<keyof ColumnMapping, number>();
  for (const [field, name] of Object.entries(mapping) as [keyof ColumnMapping, string | undefined][]) {
    const i = name ? index.get(name.trim().toLowerCase()) : undefined;
    if (i !== undefined) found.set(field, i);
  }
  const problems: string[] = [];
  if (!found.has("reference")) problems.push(`The file has no "${mapping.reference}" column (the provider's reference)`);
  if (!found.has("amount") && !(found.has("credit") || found.has("debit"))) problems.push(`The file has no "${mapping.amount ?? "Amount"}" column`);
  if (problems.length) throw validationError(problems);
  return found;
}

function lineOf(row: string[], at: Map<keyof ColumnMapping, number>, rowNo: number): StatementLine {
  const cell = (f: keyof ColumnMapping) => {
    const i = at.get(f);
    const v = i === undefined ? undefined : row[i]?.trim();
    return v === "" ? undefined : v;
  };
  const reference = cell("reference");
  if (!reference) throw validationError([`Row ${rowNo}: no reference`]);
  let direction: "in" | "out" = "in";
  let amountText = cell("amount");
  if (!amountText) {
    const credit = cell("credit");
    const debit = cell("debit");
    amountText = credit ?? debit;
    direction = credit ? "in" : "out";
  }
  const stated = cell("direction");
  if (stated) {
    const d = directionOf(stated);
    if (!d) throw validationError([`Row ${rowNo}: "${stated}" is neither money in nor money out`]);
    direction = d;
  }
  const amount = kobo(amountText, rowNo, "amount");
  const feeText = cell("fee");
  return {
    direction,
    providerReference: reference,
    owoReference: cell("owoReference") ?? null,
    sessionId: cell("sessionId") ?? null,
    status: statusOf(cell("status")),
    amount,
    fee: feeText ? kobo(feeText, rowNo, "fee", 0) : null,
    valueAt: valueTimeOf(cell("date")),
    accountNumber: cell("accountNumber") ?? null,
    accountReference: null,
    payer: null,
  };
}

function kobo(text: string | undefined, rowNo: number, what: string, minKobo = 1): number {
  const r = parseNaira((text ?? "").replace(/^NGN\s*/i, ""), { minKobo });
  if (!r.ok) throw validationError([`Row ${rowNo}: the ${what} "${text ?? ""}" is not a naira amount`]);
  return r.kobo;
}
