import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { events, journalEntries, postings, ledgerAccounts, type Transfer } from "@/db/schema";

/** The ledger entries behind a transfer and the events it caused, for its detail page. */
export async function getTransferTrail(tx: DbOrTx, transfer: Transfer) {
  const refs = [transfer.reference, `${transfer.reference}:debit`, `${transfer.reference}:settle`, `${transfer.reference}:reverse`];
  const lines = await tx
    .select({
      reference: journalEntries.reference,
      kind: journalEntries.kind,
      description: journalEntries.description,
      createdAt: journalEntries.createdAt,
      account: ledgerAccounts.code,
      accountKind: ledgerAccounts.kind,
      amount: postings.amount,
    })
    .from(journalEntries)
    .innerJoin(postings, eq(postings.entryId, journalEntries.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .where(and(inArray(journalEntries.reference, refs), eq(journalEntries.mode, transfer.mode)))
    .orderBy(asc(journalEntries.createdAt), asc(postings.id));
  const sent = await tx
    .select({ id: events.id, type: events.type, deliveryStatus: events.deliveryStatus, attempts: events.attempts, createdAt: events.createdAt })
    .from(events)
    .where(and(eq(events.merchantId, transfer.merchantId), eq(events.mode, transfer.mode), sql`${events.data}->>'reference' = ${transfer.reference}`))
    .orderBy(asc(events.createdAt));
  return { ledger: lines, events: sent };
}
