import type { Db } from "@/db/client";
import type { Mode } from "@/db/schema";
import { checkBulkFile, findRecentDuplicate, goodTotals } from "./check-bulk-file";
import { availableBalance } from "./submit-bulk-batch";

/**
 * Bulk transfers, step 1 (the review screen): the file checked row by row with each recipient
 * found by name enquiry, its totals, the wallet's available balance, and an earlier batch of
 * the same file within the duplicate window. Nothing is stored.
 */
export async function reviewBulkFile(db: Db, scope: { merchantId: string; mode: Mode }, text: string) {
  const checked = await checkBulkFile(scope.mode, text);
  const [duplicate, balance] = await Promise.all([findRecentDuplicate(db, { ...scope, fileHash: checked.fileHash }), availableBalance(db, scope)]);
  return {
    rows: checked.rows,
    totals: goodTotals(checked.rows),
    balance,
    duplicateOf: duplicate ? { id: duplicate.id, createdAt: duplicate.createdAt.toISOString(), fileName: duplicate.fileName } : null,
  };
}
