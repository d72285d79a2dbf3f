import { and, eq, getTableColumns, gt, lte, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { DbOrTx } from "@/db/client";
import { checkoutSessions, SESSION_STATUSES, type CheckoutSession, type Mode, type SessionStatus } from "@/db/schema";
import { countRowsSql, keptCountSql, type KeptCountKey } from "@/lib/lists/counts";
import { searchFields } from "@/lib/lists/search";
import { flattenSearch, type ListShape, type Paged } from "@/lib/lists/paging";
import { planPage, readPage, shallowPage, shallowPageStatement, type ListTotal } from "@/lib/lists/page-query";
import { searchTotal } from "@/lib/lists/search-counts";
import { isUuid } from "@/lib/text-patterns";

/** The status values, for the pages' filters (app/ does not import db/). */
export { SESSION_STATUSES } from "@/db/schema";

/** The dashboard's sessions list query, from URL search params; a bad value drops only itself. */
export const ListSessionsQuery = z.object({
  page: z.coerce.number().int().min(1).catch(1),
  page_size: z.coerce.number().int().min(1).max(100).catch(20),
  status: z.enum(SESSION_STATUSES).optional().catch(undefined),
  search: z.string().trim().max(128).optional().catch(undefined),
  starting_after: z.string().trim().min(1).max(200).optional().catch(undefined),
  ending_before: z.string().trim().min(1).max(200).optional().catch(undefined),
});
export type ListSessionsQuery = z.output<typeof ListSessionsQuery>;

export function parseSessionSearch(search: Record<string, string | string[] | undefined>): ListSessionsQuery {
  return ListSessionsQuery.parse(flattenSearch(search));
}

/**
 * What a session is as a person should read it now: an `active` session past its expiry is
 * expired even before a read or the scheduler has written so (api.md: lazy expiry).
 */
export function sessionDisplayStatus(s: Pick<CheckoutSession, "status" | "expiresAt">, now = new Date()): SessionStatus {
  return s.status === "active" && s.expiresAt.getTime() <= now.getTime() ? "expired" : s.status;
}

/** The status filter by the displayed status, so "active" never lists a session that shows as expired. */
function statusFilter(status: SessionStatus | undefined, now: Date): SQL | undefined {
  const s = checkoutSessions;
  if (status === "active") return and(eq(s.status, "active"), gt(s.expiresAt, now));
  if (status === "expired") return or(eq(s.status, "expired"), and(eq(s.status, "active"), lte(s.expiresAt, now)));
  return status ? eq(s.status, status) : undefined;
}

const inScope = (s: { merchantId: string; mode: Mode }) => and(eq(checkoutSessions.merchantId, s.merchantId), eq(checkoutSessions.mode, s.mode))!;

/** Search matches the session id, our reference or the caller's, or the customer's email or name. */
function sessionConditions(input: { status?: SessionStatus; search?: string }, now: Date): SQL | undefined {
  const q = input.search?.trim();
  const s = checkoutSessions;
  return and(
    statusFilter(input.status, now),
    q ? or(isUuid(q) ? eq(s.id, q) : undefined, searchFields([s.reference, s.merchantReference, s.customerEmail, s.customerName], q)) : undefined,
  );
}

export function sessionFilter(input: { merchantId: string; mode: Mode; status?: SessionStatus; search?: string }, now = new Date()): SQL | undefined {
  return and(inScope(input), sessionConditions(input, now));
}

/**
 * The list's exact total. Kept counts by stored status, except that an `active` session past
 * its expiry reads as expired: those are counted over the index of active sessions (few: the
 * scheduler expires them) and moved from one side to the other.
 */
function sessionTotal(input: { merchantId: string; mode: Mode; status?: SessionStatus; search?: string }, now: Date): ListTotal {
  const search = input.search?.trim();
  // A search is cached (lib/lists/search-counts.ts) unless its status filter moves with the clock.
  if (search && (input.status === "active" || input.status === "expired")) return countRowsSql(checkoutSessions, sessionFilter(input, now));
  if (search) {
    const spec = { list: "checkout_sessions", merchantId: input.merchantId, mode: input.mode, key: { search, status: input.status } } as const;
    return searchTotal(
      { ...spec, table: checkoutSessions, scope: inScope(input), sortColumn: checkoutSessions.createdAt, where: sessionFilter(input, now)! },
      now.getTime(),
    );
  }
  const kept = (status?: SessionStatus) => keptCountSql({ list: "checkout_sessions", merchantId: input.merchantId, mode: input.mode, a: status });
  const live = () => countRowsSql(checkoutSessions, and(inScope(input), eq(checkoutSessions.status, "active"), gt(checkoutSessions.expiresAt, now)));
  if (input.status === "active") return live();
  if (input.status === "expired") return sql`(${kept("expired")} + ${kept("active")} - ${live()})`;
  return kept(input.status);
}

/** The kept count that is exactly this list (what a deep page seeks by); null for a search or a display status. */
function sessionKept(input: { merchantId: string; mode: Mode; status?: SessionStatus; search?: string }): KeptCountKey | null {
  if (input.search?.trim() || input.status === "active" || input.status === "expired") return null;
  return { list: "checkout_sessions", merchantId: input.merchantId, mode: input.mode, a: input.status };
}

const SHAPE: ListShape = {
  table: checkoutSessions,
  order: [checkoutSessions.createdAt, checkoutSessions.id],
  cursorColumn: checkoutSessions.id,
  buckets: "time",
};

export type SessionListItem = CheckoutSession & { displayStatus: SessionStatus };

const p = sql.placeholder;

/** The shallow pages' statement (lib/lists/page-query.ts shallowPage) of the list by stored status, or whole. */
const shallowSessions = (byStatus: boolean) => (db: DbOrTx, name: string) =>
  shallowPageStatement(
    db,
    name,
    SHAPE,
    and(
      eq(checkoutSessions.merchantId, p("merchantId")),
      eq(checkoutSessions.mode, p("mode")),
      byStatus ? eq(checkoutSessions.status, p("status")) : undefined,
    )!,
    keptCountSql({ list: "checkout_sessions", merchantId: p("merchantId"), mode: p("mode"), a: byStatus ? p("status") : undefined }),
  );

/** The dashboard's checkout sessions of one merchant and mode, newest first, paged. */
export async function listSessions(tx: DbOrTx, input: { merchantId: string; mode: Mode; now?: Date } & ListSessionsQuery): Promise<Paged<SessionListItem>> {
  const now = input.now ?? new Date();
  if (sessionKept(input)) {
    const params = { merchantId: input.merchantId, mode: input.mode, status: input.status };
    const shallow = await shallowPage<CheckoutSession>(
      tx,
      input,
      input.status ? "sessions_page_status" : "sessions_page",
      shallowSessions(!!input.status),
      params,
    );
    if (shallow) return { ...shallow, items: shallow.items.map((s) => ({ ...s, displayStatus: sessionDisplayStatus(s, now) })) };
  }
  const plan = await planPage(tx, SHAPE, inScope(input), sessionConditions(input, now), input, sessionKept(input));
  const [rows, total] = await readPage(tx, sessionTotal(input, now), (listTotal) =>
    tx
      .select({ ...getTableColumns(checkoutSessions), listTotal })
      .from(checkoutSessions)
      .where(plan.where)
      .orderBy(...plan.orderBy),
  );
  return plan.finish(
    rows.map((s) => ({ ...s, displayStatus: sessionDisplayStatus(s, now) })),
    total,
  );
}
