import { and, count, eq, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { DbOrTx } from "@/db/client";
import { listCounts, type Mode } from "@/db/schema";

/**
 * The lists whose counts are kept (migration 0013's triggers), and what their a, b, c hold:
 * transfers: status, type · payments: channel, destination kind · events: key pair id, type,
 * delivery status · checkout_sessions: status · invoices: status, paused ("true"/"false").
 */
export type CountedList = "transfers" | "payments" | "events" | "checkout_sessions" | "invoices";

/** A kept count: the rows of one list, merchant and mode whose filter values equal those given. */
export async function keptCount(
  tx: DbOrTx,
  key: { list: CountedList; merchantId: string; mode: Mode; a?: string; b?: string; c?: string },
): Promise<number> {
  const [row] = await tx
    .select({ n: sql<string | null>`sum(${listCounts.n})` })
    .from(listCounts)
    .where(
      and(
        eq(listCounts.list, key.list),
        eq(listCounts.merchantId, key.merchantId),
        eq(listCounts.mode, key.mode),
        key.a !== undefined ? eq(listCounts.a, key.a) : undefined,
        key.b !== undefined ? eq(listCounts.b, key.b) : undefined,
        key.c !== undefined ? eq(listCounts.c, key.c) : undefined,
      ),
    );
  return Number(row?.n ?? 0);
}

/** count(*) for what cannot be kept (a search, a date range): the list's indexes bound it. */
export async function countRows(tx: DbOrTx, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}
