import { and, asc, eq, lte } from "drizzle-orm";
import type { Db } from "@/db/client";
import { refunds } from "@/db/schema";
import { processRefund } from "./approve-refund";

/** A processing refund is asked about again once it has waited this long (its approval's own call comes first). */
const CHECK_AFTER_MS = 10_000;

/**
 * The scheduler's pass over approved refunds the bank has not settled (it answered pending,
 * or could not be reached): each is asked again under its refund id, so nothing is paid twice,
 * and the outcome applied by guarded updates. Returns how many ended completed or failed.
 */
export async function processDueRefunds(db: Db, opts: { now?: Date; limit?: number } = {}): Promise<number> {
  const before = new Date((opts.now ?? new Date()).getTime() - CHECK_AFTER_MS);
  const due = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.status, "processing"), lte(refunds.updatedAt, before)))
    .orderBy(asc(refunds.updatedAt))
    .limit(opts.limit ?? 50);
  let settled = 0;
  for (const { id } of due) {
    const r = await processRefund(db, { refundId: id });
    if (r.status !== "processing") settled++;
  }
  return settled;
}
