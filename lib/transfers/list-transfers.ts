import { and, eq, getTableColumns, or, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { transfers, type Mode, type Transfer } from "@/db/schema";
import type { ListTransfersQuery } from "./transfer-input";
import { keptCountSql, type KeptCountKey } from "@/lib/lists/counts";
import { searchTotal } from "@/lib/lists/search-counts";
import { searchFields } from "@/lib/lists/search";
import { type ListShape, type Paged } from "@/lib/lists/paging";
import { planPage, readPage, shallowPage, shallowPageStatement } from "@/lib/lists/page-query";

/** The status values, for the pages' filters (app/ does not import db/). */
export { TRANSFER_STATUSES } from "@/db/schema";

export type TransferFilter = Omit<ListTransfersQuery, "page" | "page_size" | "starting_after" | "ending_before">;
type Scope = { merchantId: string; mode: Mode };

const SHAPE: ListShape = { table: transfers, order: [transfers.createdAt, transfers.id], cursorColumn: transfers.publicId, buckets: "time" };

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

/** The kept count of the list as filtered; null when a search narrows it (counted instead). */
function transferKept(input: Scope & TransferFilter): KeptCountKey | null {
  if (input.search?.trim()) return null;
  return { list: "transfers", merchantId: input.merchantId, mode: input.mode, a: input.status, b: input.type };
}

const p = sql.placeholder;

/** The shallow pages' statement (lib/lists/page-query.ts shallowPage) of the list filtered by status, type, both or neither. */
const shallowTransfers = (byStatus: boolean, byType: boolean) => (db: DbOrTx, name: string) =>
  shallowPageStatement(
    db,
    name,
    SHAPE,
    and(
      eq(transfers.merchantId, p("merchantId")),
      eq(transfers.mode, p("mode")),
      byStatus ? eq(transfers.status, p("status")) : undefined,
      byType ? eq(transfers.type, p("type")) : undefined,
    )!,
    keptCountSql({ list: "transfers", merchantId: p("merchantId"), mode: p("mode"), a: byStatus ? p("status") : undefined, b: byType ? p("type") : undefined }),
  );

/** GET /v1/checkout/transfer and the dashboard list: newest first, paged (or by cursor). */
export async function listTransfers(tx: DbOrTx, input: Scope & ListTransfersQuery): Promise<Paged<Transfer>> {
  const filter = transferFilter(input);
  const kept = transferKept(input);
  if (kept) {
    const name = `transfers_page${input.status ? "_status" : ""}${input.type ? "_type" : ""}`;
    const params = { merchantId: input.merchantId, mode: input.mode, status: input.status, type: input.type };
    const shallow = await shallowPage<Transfer>(tx, input, name, shallowTransfers(!!input.status, !!input.type), params);
    if (shallow) return shallow;
  }
  const plan = await planPage(tx, SHAPE, inScope(input), filter, input, kept);
  const where = and(inScope(input), filter)!;
  const total = kept
    ? keptCountSql(kept)
    : searchTotal({
        list: "transfers",
        merchantId: input.merchantId,
        mode: input.mode,
        key: { search: input.search?.trim(), status: input.status, type: input.type },
        table: transfers,
        scope: inScope(input),
        sortColumn: transfers.createdAt,
        where,
      });
  const [rows, n] = await readPage(tx, total, (listTotal) =>
    tx
      .select({ ...getTableColumns(transfers), listTotal })
      .from(transfers)
      .where(plan.where)
      .orderBy(...plan.orderBy),
  );
  return plan.finish(rows, n);
}
