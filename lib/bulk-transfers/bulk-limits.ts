/** What one bulk file may hold (issue 25: bulk transfers): checked in the browser first, and again on the server. */
export const BULK_LIMITS = { maxRows: 1_000, maxBytes: 512 * 1024 } as const;

/** The columns a bulk file has: a bank code or a bank name (one of them), the rest as named. */
export const BULK_COLUMNS = ["account_number", "bank_code", "amount", "narration", "reference"] as const;

/** A file to start from, with one example row (the bank by code; `bank` with its name works too). */
export const BULK_TEMPLATE = 'account_number,bank_code,amount,narration,reference\r\n0123456789,058,"25,000.00",November salary,SAL-0001\r\n';

/** The transfer reference of a batch's row: derived, so a retry, a resubmitted click or a crash never pays a row twice. */
export const bulkRowReference = (batchId: string, row: number) => `bulk-${batchId}-${row}`;
