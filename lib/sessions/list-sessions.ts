import { and, count, desc, eq, gt, ilike, lte, or, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { DbOrTx } from "@/db/client";
import { checkoutSessions, SESSION_STATUSES, type CheckoutSession, type Mode, type SessionStatus } from "@/db/schema";
import { flattenSearch, paged, pageOffset, type Paged } from "@/lib/paging";
import { containsPattern, isUuid } from "@/lib/text-patterns";

/** The status values, for the pages' filters (app/ does not import db/). */
export { SESSION_STATUSES } from "@/db/schema";

/** The dashboard's sessions list query, from URL search params; a bad value drops only itself. */
export const ListSessionsQuery = z.object({
  page: z.coerce.number().int().min(1).catch(1),
  page_size: z.coerce.number().int().min(1).max(100).catch(20),
  status: z.enum(SESSION_STATUSES).optional().catch(undefined),
  search: z.string().trim().max(128).optional().catch(undefined),
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


/** Search matches the session id, our reference or the caller's, or the customer's email or name. */
export function sessionFilter(input: { merchantId: string; mode: Mode; status?: SessionStatus; search?: string }, now = new Date()): SQL | undefined {
  const q = input.search?.trim();
  const like = q ? containsPattern(q) : "";
  return and(
    eq(checkoutSessions.merchantId, input.merchantId),
    eq(checkoutSessions.mode, input.mode),
    statusFilter(input.status, now),
    q
      ? or(
          isUuid(q) ? eq(checkoutSessions.id, q) : undefined,
          ilike(checkoutSessions.reference, like),
          ilike(checkoutSessions.merchantReference, like),
          ilike(checkoutSessions.customerEmail, like),
          ilike(checkoutSessions.customerName, like),
        )
      : undefined,
  );
}

export type SessionListItem = CheckoutSession & { displayStatus: SessionStatus };

/** The dashboard's checkout sessions of one merchant and mode, newest first, paged. */
export async function listSessions(
  tx: DbOrTx,
  input: { merchantId: string; mode: Mode; now?: Date } & ListSessionsQuery,
): Promise<Paged<SessionListItem>> {
  const now = input.now ?? new Date();
  const where = sessionFilter(input, now);
  const [rows, [total]] = await Promise.all([
    tx
      .select()
      .from(checkoutSessions)
      .where(where)
      .orderBy(desc(checkoutSessions.createdAt), desc(checkoutSessions.id))
      .limit(input.page_size)
      .offset(pageOffset(input)),
    tx.select({ n: count() }).from(checkoutSessions).where(where),
  ]);
  return paged(
    rows.map((s) => ({ ...s, displayStatus: sessionDisplayStatus(s, now) })),
    total?.n ?? 0,
    input,
  );
}
