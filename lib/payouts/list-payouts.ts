import { and, count, desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { DbOrTx } from "@/db/client";
import { transfers, type Mode, type Transfer } from "@/db/schema";
import { pageOffset, paged, pagingQueryFields, type Paged } from "@/lib/lists/paging";

/** GET /v1/checkout/payouts' query (supplement §13). */
export const ListPayoutsQuery = z.object({
  page: pagingQueryFields.page,
  page_size: pagingQueryFields.page_size,
  status: z.enum(["pending", "completed", "failed", "reversed"], { error: "status must be one of pending, completed, failed, reversed" }).optional(),
});
export type ListPayoutsQuery = z.output<typeof ListPayoutsQuery>;

/** A merchant's automatic payouts in a mode (transfers with source `payout`), newest first; one a day at most, so a plain page. */
export async function listPayouts(
  db: DbOrTx,
  input: { merchantId: string; mode: Mode; page: number; page_size: number; status?: Transfer["status"] },
): Promise<Paged<Transfer>> {
  const where = and(
    eq(transfers.merchantId, input.merchantId),
    eq(transfers.mode, input.mode),
    eq(transfers.source, "payout"),
    input.status ? eq(transfers.status, input.status) : undefined,
  );
  const [items, [total]] = await Promise.all([
    db.select().from(transfers).where(where).orderBy(desc(transfers.createdAt), desc(transfers.id)).limit(input.page_size).offset(pageOffset(input)),
    db.select({ n: count() }).from(transfers).where(where),
  ]);
  return paged(items, total?.n ?? 0, input);
}
