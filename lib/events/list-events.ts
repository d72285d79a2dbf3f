import { and, count, desc, eq, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { DbOrTx } from "@/db/client";
import { DELIVERY_STATUSES, events, type DeliveryStatus, type Mode, type OwoEvent } from "@/db/schema";
import { paged, pageOffset, type Paged } from "@/lib/paging";

/** The status values, for the pages' filters (app/ does not import db/). */
export { DELIVERY_STATUSES } from "@/db/schema";

/** api.md conventions: `page` (default 1), `page_size` (default 20, max 100). */
export const EventsQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  event: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((v) => v || undefined),
});
export type EventsQuery = z.output<typeof EventsQuery>;


type Paging = { page?: number; pageSize?: number };

async function pageOf(tx: DbOrTx, where: SQL | undefined, paging: Paging): Promise<Paged<OwoEvent>> {
  const page = paging.page ?? 1;
  const pageSize = paging.pageSize ?? 20;
  const [items, [totalRow]] = await Promise.all([
    tx
      .select()
      .from(events)
      .where(where)
      .orderBy(desc(events.seq))
      .limit(pageSize)
      .offset(pageOffset({ page, page_size: pageSize })),
    tx.select({ n: count() }).from(events).where(where),
  ]);
  const total = totalRow?.n ?? 0;
  return paged(items, total, { page, page_size: pageSize });
}

/** One key pair's events, newest first (the API: a key sees only its own events). */
export async function listKeyPairEvents(
  tx: DbOrTx,
  input: Paging & { keyPairId: string; type?: string },
): Promise<Paged<OwoEvent>> {
  const where = and(eq(events.keyPairId, input.keyPairId), input.type ? eq(events.type, input.type) : undefined);
  return pageOf(tx, where, input);
}

/** A merchant's events in one mode, newest first, for the dashboard's webhook log. */
export async function listMerchantEvents(
  tx: DbOrTx,
  input: Paging & { merchantId: string; mode: Mode; keyPairId?: string; type?: string; status?: DeliveryStatus },
): Promise<Paged<OwoEvent>> {
  const status = input.status && (DELIVERY_STATUSES as readonly string[]).includes(input.status) ? input.status : undefined;
  const where = and(
    eq(events.merchantId, input.merchantId),
    eq(events.mode, input.mode),
    input.keyPairId ? eq(events.keyPairId, input.keyPairId) : undefined,
    input.type ? eq(events.type, input.type) : undefined,
    status ? eq(events.deliveryStatus, status) : undefined,
  );
  return pageOf(tx, where, input);
}
