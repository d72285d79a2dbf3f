import type { DbOrTx } from "@/db/client";
import type { Transfer } from "@/db/schema";
import { getRecordTrail } from "@/lib/ledger/record-trail";

/** The ledger entries behind a transfer (debit, settle, reverse) and the events it caused. */
export async function getTransferTrail(tx: DbOrTx, transfer: Transfer) {
  const refs = [transfer.reference, `${transfer.reference}:debit`, `${transfer.reference}:settle`, `${transfer.reference}:reverse`];
  return getRecordTrail(tx, { merchantId: transfer.merchantId, mode: transfer.mode, reference: transfer.reference, entryReferences: refs });
}
