import type { Transfer } from "@/db/schema";

/** The ledger entry that took the money from the sender's wallet. */
export function debitReference(transfer: Pick<Transfer, "reference" | "type">): string {
  return transfer.type === "payid" ? transfer.reference : `${transfer.reference}:debit`;
}
