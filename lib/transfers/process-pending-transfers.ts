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
export async function processPendingTransfers(db: Db): Promise<number> {
  const claimed = await queryRows<{ id: string }>(
    db,
    sql`update transfers set next_check_at = now() + ${LEASE}
        where id in (
          select id from transfers
          where status = 'pending' and type = 'bank_transfer' and next_check_at <= now()
          order by next_check_at limit ${BATCH}
          for update skip locked)
        returning id`,
  );
  for (const { id } of claimed) await refreshFromBank(db, await getTransferById(db, id));
  return claimed.length;
}
