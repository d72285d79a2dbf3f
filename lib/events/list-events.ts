import { and, eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { DbOrTx } from "@/db/client";
import { DELIVERY_STATUSES, events, type DeliveryStatus, type Mode, type OwoEvent } from "@/db/schema";
import { keptCountSql, type KeptCountKey } from "@/lib/lists/counts";
import { pagingQueryFields, type Cursor, type ListShape, type Paged } from "@/lib/lists/paging";
import { planPage, readPage, shallowPage, shallowPageStatement } from "@/lib/lists/page-query";

/** The status values, for the pages' filters (app/ does not import db/). */
export { DELIVERY_STATUSES } from "@/db/schema";

/** api.md conventions: `page` (default 1), `page_size` (default 20, max 100); the cursor extension. */
export const EventsQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  starting_after: pagingQueryFields.starting_after,
  ending_before: pagingQueryFields.ending_before,
  event: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((v) => v || undefined),
});
export type EventsQuery = z.output<typeof EventsQuery>;

type Paging = { page?: number; pageSize?: number } & Cursor;

const SHAPE: ListShape = { table: events, order: [events.seq], cursorColumn: events.id, buckets: "seq" };

const pageRequest = (paging: Paging) => ({
  page: paging.page ?? 1,
  page_size: paging.pageSize ?? 20,
  starting_after: paging.starting_after,
  ending_before: paging.ending_before,
});

async function pageOf(tx: DbOrTx, scope: SQL, filter: SQL | undefined, paging: Paging, kept: KeptCountKey): Promise<Paged<OwoEvent>> {
  const request = pageRequest(paging);
  const plan = await planPage(tx, SHAPE, scope, filter, request, kept);
  const [rows, n] = await readPage(tx, keptCountSql(kept), (listTotal) =>
    tx
      .select({ ...getTableColumns(events), listTotal })
      .from(events)
      .where(plan.where)
      .orderBy(...plan.orderBy),
  );
  return plan.finish(rows, n);
}

const p = sql.placeholder;

/** The shallow pages' statement (lib/lists/page-query.ts shallowPage) of a key pair's events, of one type or all. */
const shallowKeyPairEvents = (byType: boolean) => (db: DbOrTx, name: string) =>
  shallowPageStatement(
    db,
    name,
    SHAPE,
    and(eq(events.keyPairId, p("keyPairId")), byType ? eq(events.type, p("type")) : undefined)!,
    keptCountSql({ list: "events", merchantId: p("merchantId"), mode: p("mode"), a: p("keyPairId"), b: byType ? p("type") : undefined }),
  );

/** One key pair's events, newest first (the API: a key sees only its own events). */
export async function listKeyPairEvents(
  tx: DbOrTx,
  input: Paging & { merchantId: string; mode: Mode; keyPairId: string; type?: string },
): Promise<Paged<OwoEvent>> {
  const kept: KeptCountKey = { list: "events", merchantId: input.merchantId, mode: input.mode, a: input.keyPairId, b: input.type };
  const request = pageRequest(input);
  const params = { merchantId: input.merchantId, mode: input.mode, keyPairId: input.keyPairId, type: input.type };
  const shallow = await shallowPage<OwoEvent>(
    tx,
    request,
    input.type ? "key_pair_events_page_type" : "key_pair_events_page",
    shallowKeyPairEvents(!!input.type),
    params,
  );
  if (shallow) return shallow;
  return pageOf(tx, eq(events.keyPairId, input.keyPairId), input.type ? eq(events.type, input.type) : undefined, input, kept);
}

/** A merchant's events in one mode, newest first, for the dashboard's webhook log. */
export async function listMerchantEvents(
  tx: DbOrTx,
  input: Paging & { merchantId: string; mode: Mode; keyPairId?: string; type?: string; status?: DeliveryStatus },
): Promise<Paged<OwoEvent>> {
  const status = input.status && (DELIVERY_STATUSES as readonly string[]).includes(input.status) ? input.status : undefined;
  const scope = and(eq(events.merchantId, input.merchantId), eq(events.mode, input.mode))!;
  const filter = and(
    input.keyPairId ? eq(events.keyPairId, input.keyPairId) : undefined,
    input.type ? eq(events.type, input.type) : undefined,
    status ? eq(events.deliveryStatus, status) : undefined,
  );
  const kept: KeptCountKey = { list: "events", merchantId: input.merchantId, mode: input.mode, a: input.keyPairId, b: input.type, c: status };
  return pageOf(tx, scope, filter, input, kept);
}
