import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { journalEntries, postings, type JournalEntry } from "@/db/schema";
import { postEntry } from "./post-entry";

/** Undoes an entry with its mirror image (never an edit). Reversing twice books it once. */
export async function reverseEntry(
  tx: DbOrTx,
  input: { entryId: string; reference: string; kind: string; description?: string },
): Promise<{ entry: JournalEntry; created: boolean }> {
  const [original] = await tx.select().from(journalEntries).where(eq(journalEntries.id, input.entryId));
  if (!original) throw new Error(`ledger: no entry ${input.entryId} to reverse`);
  const lines = await tx.select().from(postings).where(eq(postings.entryId, original.id));
  const debits = lines.filter((l) => l.amount > 0); // credited accounts give the money back…
  const credits = lines.filter((l) => l.amount < 0); // …to the accounts it came from
  // Pair them greedily into moves; the mirror of a balanced entry is balanced.
  const moves: { from: string; to: string; amount: number }[] = [];
  const owed = credits.map((c) => ({ account: c.accountId, left: -c.amount }));
  for (const d of debits) {
    let left = d.amount;
    for (const o of owed) {
      if (left === 0) break;
      const amount = Math.min(left, o.left);
      if (amount === 0) continue;
      moves.push({ from: d.accountId, to: o.account, amount });
      o.left -= amount;
      left -= amount;
    }
  }
  return postEntry(tx, {
    reference: input.reference,
    mode: original.mode,
    merchantId: original.merchantId,
    kind: input.kind,
    description: input.description ?? `Reversal of ${original.reference}`,
    reversesEntryId: original.id,
    moves,
  });
}
