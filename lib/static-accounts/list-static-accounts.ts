import { and, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { staticAccounts, type Mode, type StaticAccount } from "@/db/schema";
import type { ListStaticAccountsQuery } from "./static-account-input";
import { paged, pageOffset, type Paged } from "@/lib/paging";
import { containsPattern } from "@/lib/text-patterns";

/** The status values, for the pages' filters (app/ does not import db/). */
export { STATIC_ACCOUNT_STATUSES } from "@/db/schema";

/** api.md's search: account number, customer name, account name, reference, email. */
function searchFilter(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const like = containsPattern(q);
  return or(
    ilike(staticAccounts.accountNumber, like),
    ilike(staticAccounts.customerName, like),
    ilike(staticAccounts.accountName, like),
    ilike(staticAccounts.reference, like),
    ilike(staticAccounts.customerEmail, like),
  );
}

/** GET /v1/checkout/static-account: this merchant's accounts in the key's mode, newest first, paged. */
export async function listStaticAccounts(tx: DbOrTx, input: { merchantId: string; mode: Mode } & ListStaticAccountsQuery): Promise<Paged<StaticAccount>> {
  const where = and(
    eq(staticAccounts.merchantId, input.merchantId),
    eq(staticAccounts.mode, input.mode),
    input.status ? eq(staticAccounts.status, input.status) : undefined,
    searchFilter(input.search),
  );
  const [items, [total]] = await Promise.all([
    tx
      .select()
      .from(staticAccounts)
      .where(where)
      .orderBy(desc(staticAccounts.createdAt), desc(staticAccounts.id))
      .limit(input.page_size)
      .offset(pageOffset(input)),
    tx.select({ n: count() }).from(staticAccounts).where(where),
  ]);
  return paged(items, total?.n ?? 0, input);
}
