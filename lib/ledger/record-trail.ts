import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { events, journalEntries, ledgerAccounts, postings, type Mode } from "@/db/schema";

export type TrailLine = {
  reference: string;
  kind: string;
  description: string | null;
  createdAt: Date;
  account: string;
  accountKind: string;
  amount: number;
};

export type TrailEvent = { id: string; type: string; deliveryStatus: string; attempts: number; createdAt: Date };

export type RecordTrail = { ledger: TrailLine[]; events: TrailEvent[] };

/**
 * What a money record left behind, for its detail page: the postings of the journal entries
 * booked under `entryReferences`, and the events whose `data.reference` is `reference`.
 * Transfers and payments both read theirs here; scoped by merchant and mode.
 */
export async function getRecordTrail(
  tx: DbOrTx,
  input: { merchantId: string; mode: Mode; reference: string; entryReferences?: string[] },
): Promise<RecordTrail> {
  const refs = input.entryReferences ?? [input.reference];
  const [lines, sent] = await Promise.all([
    tx
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
      .where(and(inArray(journalEntries.reference, refs), eq(journalEntries.merchantId, input.merchantId), eq(journalEntries.mode, input.mode)))
      .orderBy(asc(journalEntries.createdAt), asc(postings.id)),
    tx
      .select({ id: events.id, type: events.type, deliveryStatus: events.deliveryStatus, attempts: events.attempts, createdAt: events.createdAt })
      .from(events)
      .where(and(eq(events.merchantId, input.merchantId), eq(events.mode, input.mode), sql`${events.data}->>'reference' = ${input.reference}`))
      .orderBy(asc(events.createdAt)),
  ]);
  return { ledger: lines, events: sent };
}
