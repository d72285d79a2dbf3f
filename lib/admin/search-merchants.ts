import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { memberships, merchants, users, type MerchantType, type StaticAccountState } from "@/db/schema";
import { countRows } from "@/lib/lists/counts";
import { paged, pageOffset, type Paged } from "@/lib/lists/paging";
import { containsPattern, isUuid } from "@/lib/text-patterns";

export const MERCHANT_PAGE_SIZE = 25;

export type AdminMerchantRow = {
  id: string;
  name: string;
  type: MerchantType;
  staticAccounts: StaticAccountState;
  suspendedAt: Date | null;
  createdAt: Date;
  /** The first owner's email (by email order), null when the business has no owner left. */
  ownerEmail: string | null;
};

/** `?q=…&page=…` of the admin's merchant list, as the page reads them. */
export function parseMerchantSearch(search: Record<string, string | string[] | undefined>): { q: string; page: number } {
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? "";
  const page = Number.parseInt(first(search.page), 10);
  return { q: first(search.q).trim().slice(0, 200), page: Number.isFinite(page) && page >= 1 ? Math.min(page, 100_000) : 1 };
}

/**
 * Which merchants a search term names: an id (the whole UUID), else every merchant whose name
 * contains it or with a member whose email contains it (case-insensitive). Each half is one
 * trigram GIN scan (merchants_name_search_idx, users_email_search_idx; migration 0017).
 */
function matching(q: string): SQL | undefined {
  if (!q) return undefined;
  if (isUuid(q)) return eq(merchants.id, q.toLowerCase());
  const pattern = containsPattern(q);
  return sql`${merchants.id} in (
    select ${merchants.id} from ${merchants} where ${merchants.name} ilike ${pattern}
    union
    select ${memberships.merchantId} from ${memberships} join ${users} on ${users.id} = ${memberships.userId} where ${users.email} ilike ${pattern}
  )`;
}

/**
 * One page of the admin's merchant list, newest first (merchants_created_at_id_idx), with
 * each row's owner email read for that page's merchants only, so a page costs the same with a
 * hundred merchants or a million.
 */
export async function searchMerchants(tx: DbOrTx, input: { q?: string; page?: number; pageSize?: number } = {}): Promise<Paged<AdminMerchantRow>> {
  const q = (input.q ?? "").trim();
  const paging = { page: Math.max(1, Math.floor(input.page ?? 1)), page_size: input.pageSize ?? MERCHANT_PAGE_SIZE };
  const where = matching(q);
  const [rows, total] = await Promise.all([
    tx
      .select({
        id: merchants.id,
        name: merchants.name,
        type: merchants.type,
        staticAccounts: merchants.staticAccounts,
        suspendedAt: merchants.suspendedAt,
        createdAt: merchants.createdAt,
      })
      .from(merchants)
      .where(where)
      .orderBy(desc(merchants.createdAt), desc(merchants.id))
      .limit(paging.page_size)
      .offset(pageOffset(paging)),
    countRows(tx, merchants, where),
  ]);
  const owners = rows.length
    ? await tx
        .select({ merchantId: memberships.merchantId, email: users.email })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(
          and(
            inArray(
              memberships.merchantId,
              rows.map((r) => r.id),
            ),
            eq(memberships.role, "owner"),
          ),
        )
        .orderBy(asc(users.email))
    : [];
  const ownerOf = new Map<string, string>();
  for (const o of owners) if (!ownerOf.has(o.merchantId)) ownerOf.set(o.merchantId, o.email);
  return paged(
    rows.map((r) => ({ ...r, ownerEmail: ownerOf.get(r.id) ?? null })),
    total,
    paging,
  );
}
