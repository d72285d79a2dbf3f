import { and, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { transfers, type Mode, type Transfer } from "@/db/schema";
import type { ListTransfersQuery } from "./transfer-input";
import { containsPattern } from "@/lib/text-patterns";
import { paged, pageOffset, type Paged } from "@/lib/paging";

/** The status values, for the pages' filters (app/ does not import db/). */
export { TRANSFER_STATUSES } from "@/db/schema";

export type TransferFilter = Omit<ListTransfersQuery, "page" | "page_size">;

/** Search matches a reference (ours or the caller's), the recipient's name or account number. */
function transferFilter(input: { merchantId: string; mode: Mode } & TransferFilter): SQL | undefined {
  const q = input.search?.trim();
  const like = q ? containsPattern(q) : null;
  return and(
    eq(transfers.merchantId, input.merchantId),
    eq(transfers.mode, input.mode),
    input.status ? eq(transfers.status, input.status) : undefined,
    input.type ? eq(transfers.type, input.type) : undefined,
    q
      ? or(
          eq(transfers.reference, q),
          eq(transfers.merchantReference, q),
          eq(transfers.recipientAccountNumber, q),
          ilike(transfers.recipientName, like!),
          ilike(transfers.reference, like!),
        )
      : undefined,
  );
}

/** GET /v1/checkout/transfer and the dashboard list: newest first, paged. */
export async function listTransfers(
  tx: DbOrTx,
  input: { merchantId: string; mode: Mode } & ListTransfersQuery,
): Promise<Paged<Transfer>> {
  const where = transferFilter(input);
  const [items, [total]] = await Promise.all([
    tx.select().from(transfers).where(where).orderBy(desc(transfers.createdAt), desc(transfers.id)).limit(input.page_size).offset(pageOffset(input)),
    tx.select({ n: count() }).from(transfers).where(where),
  ]);
  return paged(items, total?.n ?? 0, input);
}
