import { sql } from "drizzle-orm";
import { queryRows, type DbOrTx } from "@/db/client";

/** Bulk transfers' hand-written statements (lib/bulk-transfers/process-bulk-batches.ts). */

/** Claims up to `limit` pending rows of a batch, in row order, under a lease (`lease`: an interval's text), skipping locked and leased ones. */
export function claimBulkRows(db: DbOrTx, input: { batchId: string; limit: number; lease: string }) {
  return queryRows<{
    row_number: number;
    account_number: string;
    bank_code: string;
    account_name: string;
    amount: string | number;
    narration: string | null;
    transfer_reference: string;
  }>(
    db,
    sql`update bulk_transfer_rows r set lease_until = now() + ${input.lease}::interval, updated_at = now()
        from (select batch_id, row_number from bulk_transfer_rows
              where batch_id = ${input.batchId} and status = 'pending' and (lease_until is null or lease_until < now())
              order by row_number limit ${input.limit} for update skip locked) c
        where r.batch_id = c.batch_id and r.row_number = c.row_number
        returning r.row_number, r.account_number, r.bank_code, r.account_name, r.amount, r.narration, r.transfer_reference`,
  );
}

/** A processing batch with no pending row left becomes `completed`: its sent and failed counts; none when it is not done (or done already). */
export async function completeBulkBatch(tx: DbOrTx, batchId: string): Promise<{ id: string; sent: number; failed: number } | undefined> {
  const [done] = await queryRows<{ id: string; sent: number; failed: number }>(
    tx,
    sql`update bulk_transfer_batches b set status = 'completed', completed_at = now(), updated_at = now()
        where b.id = ${batchId} and b.status = 'processing'
          and not exists (select 1 from bulk_transfer_rows r where r.batch_id = b.id and r.status = 'pending')
        returning b.id,
          (select count(*)::int from bulk_transfer_rows r where r.batch_id = b.id and r.status = 'sent') as sent,
          (select count(*)::int from bulk_transfer_rows r where r.batch_id = b.id and r.status = 'failed') as failed`,
  );
  return done;
}
