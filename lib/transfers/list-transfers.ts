import { and, eq, or, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { transfers, type Mode, type Transfer } from "@/db/schema";
import type { ListTransfersQuery } from "./transfer-input";
import { countRows, keptCount } from "@/lib/list-counts";
import { searchFields } from "@/lib/list-search";
import { planPage, type ListShape, type Paged } from "@/lib/paging";

/** The status values, for the pages' filters (app/ does not import db/). */
export { TRANSFER_STATUSES } from "@/db/schema";

export type TransferFilter = Omit<ListTransfersQuery, "page" | "page_size" | "starting_after" | "ending_before">;
type Scope = { merchantId: string; mode: Mode };

const SHAPE: ListShape = { table: transfers, order: [transfers.createdAt, transfers.id], cursorColumn: transfers.publicId };

const inScope = (s: Scope) => and(eq(transfers.merchantId, s.merchantId), eq(transfers.mode, s.mode))!;

/** Search matches a reference (ours or the caller's), the recipient's name or account number. */
function transferFilter(input: TransferFilter): SQL | undefined {
  const q = input.search?.trim();
  return and(
    input.status ? eq(transfers.status, input.status) : undefined,
    input.type ? eq(transfers.type, input.type) : undefined,
    q
      ? or(
          eq(transfers.merchantReference, q),
          eq(transfers.recipientAccountNumber, q),
          // ILIKE on our reference covers it being equal to the term.
          searchFields([transfers.recipientName, transfers.reference], q),
        )
      : undefined,
  );
}

/** The list's exact total: kept counts unless a search narrows it. */
function transferTotal(tx: DbOrTx, input: Scope & TransferFilter, filter: SQL | undefined): Promise<number> {
  if (input.search?.trim()) return countRows(tx, transfers, and(inScope(input), filter));
  return keptCount(tx, { list: "transfers", merchantId: input.merchantId, mode: input.mode, a: input.status, b: input.type });
}

/** GET /v1/checkout/transfer and the dashboard list: newest first, paged (or by cursor). */
export async function listTransfers(tx: DbOrTx, input: Scope & ListTransfersQuery): Promise<Paged<Transfer>> {
  const filter = transferFilter(input);
  const plan = await planPage(tx, SHAPE, inScope(input), filter, input);
  const [rows, total] = await Promise.all([
    tx.select().from(transfers).where(plan.where).orderBy(...plan.orderBy),
    transferTotal(tx, input, filter),
  ]);
  return plan.finish(rows, total);
}
