import { createHash } from "node:crypto";
import { and, desc, eq, gt, ne } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { bulkTransferBatches, type Mode } from "@/db/schema";
import { isAppError } from "@/lib/errors";
import { transferCharges } from "@/lib/fees/transfer-fees";
import { logError } from "@/lib/log";
import { resolveAccount } from "@/lib/transfers/resolve-account";
import { parseBulkFile, type ParsedRow } from "./parse-bulk-file";

/** A row after name enquiry: the recipient's name, its fees, or the one sentence of what is wrong. */
export type CheckedRow = {
  row: number;
  accountNumber: string;
  bankCode: string | null;
  bankName: string | null;
  bankText: string;
  amountText: string;
  amount: number | null;
  fees: number | null;
  narration: string | null;
  reference: string | null;
  accountName: string | null;
  problem: string | null;
};

export type CheckedFile = { fileHash: string; rows: CheckedRow[] };

/** The file's identity: the same bytes, the same hash (a re-upload is found by it). */
export const bulkFileHash = (text: string) => createHash("sha256").update(text).digest("hex");

const ENQUIRIES_AT_ONCE = 8;

async function enquire(mode: Mode, row: ParsedRow): Promise<{ name: string | null; problem: string | null }> {
  try {
    const account = await resolveAccount(mode, { account_number: row.accountNumber, bank_code: row.bank!.bankCode });
    return { name: account.account_name, problem: null };
  } catch (err) {
    if (isAppError(err)) return { name: null, problem: err.details?.[0] ?? err.message };
    logError("bulk name enquiry failed", { error: err });
    return { name: null, problem: "Name enquiry failed at the bank; upload the file again in a moment" };
  }
}

/**
 * A bulk file checked row by row (parseBulkFile), then each row that is otherwise good resolved
 * by name enquiry at its bank (a few at a time): a row that fails says why, in words.
 */
export async function checkBulkFile(mode: Mode, text: string): Promise<CheckedFile> {
  const parsed = parseBulkFile(text);
  const names = new Map<number, { name: string | null; problem: string | null }>();
  const queue = parsed.filter((r) => r.problems.length === 0);
  await Promise.all(
    Array.from({ length: Math.min(ENQUIRIES_AT_ONCE, queue.length) }, async () => {
      for (let r = queue.shift(); r; r = queue.shift()) names.set(r.row, await enquire(mode, r));
    }),
  );
  const rows = parsed.map((r): CheckedRow => {
    const enquiry = names.get(r.row);
    const problem = r.problems.length ? r.problems.join("; ") : (enquiry?.problem ?? null);
    const charges = r.amount !== null ? transferCharges({ amount: r.amount, type: "bank_transfer" }) : null;
    return {
      row: r.row,
      accountNumber: r.accountNumber,
      bankCode: r.bank?.bankCode ?? null,
      bankName: r.bank?.bankName ?? null,
      bankText: r.bankText,
      amountText: r.amountText,
      amount: r.amount,
      fees: charges ? charges.total - charges.amount : null,
      narration: r.narration,
      reference: r.reference,
      accountName: enquiry?.name ?? null,
      problem,
    };
  });
  return { fileHash: bulkFileHash(text), rows };
}

/** Kobo totals of the rows that can be sent. */
export function goodTotals(rows: CheckedRow[]): { count: number; amount: number; fees: number } {
  const good = rows.filter((r) => !r.problem);
  return { count: good.length, amount: good.reduce((s, r) => s + r.amount!, 0), fees: good.reduce((s, r) => s + r.fees!, 0) };
}

export const DUPLICATE_WINDOW_MS = 24 * 3_600_000;

/** A batch of the same file (same hash) for this merchant and mode in the last 24 hours, not rejected. */
export async function findRecentDuplicate(db: DbOrTx, scope: { merchantId: string; mode: Mode; fileHash: string; now?: Date }) {
  const since = new Date((scope.now ?? new Date()).getTime() - DUPLICATE_WINDOW_MS);
  const [row] = await db
    .select({
      id: bulkTransferBatches.id,
      createdAt: bulkTransferBatches.createdAt,
      status: bulkTransferBatches.status,
      fileName: bulkTransferBatches.fileName,
    })
    .from(bulkTransferBatches)
    .where(
      and(
        eq(bulkTransferBatches.merchantId, scope.merchantId),
        eq(bulkTransferBatches.mode, scope.mode),
        eq(bulkTransferBatches.fileHash, scope.fileHash),
        gt(bulkTransferBatches.createdAt, since),
        ne(bulkTransferBatches.status, "rejected"),
      ),
    )
    .orderBy(desc(bulkTransferBatches.createdAt))
    .limit(1);
  return row ?? null;
}
