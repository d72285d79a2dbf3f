import { sql } from "drizzle-orm";
import { queryRows, type Db } from "@/db/client";
import { getTransferById } from "./get-transfer";
import { refreshFromBank } from "./submit-to-bank";

const BATCH = 50;
const LEASE = sql`interval '30 seconds'`;

/**
 * Scheduler job: pending bank transfers that are due are claimed with a lease (FOR UPDATE
 * SKIP LOCKED, so two instances never take the same one), sent to the bank if a crash left
 * them unsent (the bank deduplicates on our reference), or checked for an outcome.
 */
export async function processPendingTransfers(db: Db, opts: { budgetMs?: number } = {}): Promise<number> {
  const deadline = Date.now() + (opts.budgetMs ?? 10_000);
  const seen = new Set<string>();
  let worked = 0;
  // Bounded rounds until nothing is due (or the time budget is spent), so every transfer due
  // at the start of the pass is looked at in this pass, however many there are.
  while (Date.now() < deadline) {
    // What this pass already handled is not claimed (nor re-leased) again.
    const notSeen = seen.size
      ? sql`and id not in (${sql.join(
          [...seen].map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`
      : sql``;
    const claimed = await queryRows<{ id: string }>(
      db,
      sql`update transfers set next_check_at = now() + ${LEASE}
          where id in (
            select id from transfers
            where status = 'pending' and type = 'bank_transfer' and next_check_at <= now() ${notSeen}
            order by next_check_at limit ${BATCH}
            for update skip locked)
          returning id`,
    );
    if (claimed.length === 0) break;
    for (const { id } of claimed) {
      seen.add(id);
      await refreshFromBank(db, await getTransferById(db, id));
    }
    worked += claimed.length;
  }
  return worked;
}
