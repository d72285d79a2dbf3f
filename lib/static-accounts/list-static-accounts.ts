import { and, eq, ilike, or, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { staticAccounts, type Mode, type StaticAccount } from "@/db/schema";
import type { ListStaticAccountsQuery } from "./static-account-input";
import { countRows } from "@/lib/lists/counts";
import { type ListShape, type Paged } from "@/lib/lists/paging";
import { planPage } from "@/lib/lists/page-query";
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

const SHAPE: ListShape = { table: staticAccounts, order: [staticAccounts.createdAt, staticAccounts.id], cursorColumn: staticAccounts.id };

/** GET /v1/checkout/static-account: this merchant's accounts in the key's mode, newest first, paged. */
export async function listStaticAccounts(tx: DbOrTx, input: { merchantId: string; mode: Mode } & ListStaticAccountsQuery): Promise<Paged<StaticAccount>> {
  const scope = and(eq(staticAccounts.merchantId, input.merchantId), eq(staticAccounts.mode, input.mode))!;
  const filter = and(input.status ? eq(staticAccounts.status, input.status) : undefined, searchFilter(input.search));
  const plan = await planPage(tx, SHAPE, scope, filter, input);
  const [rows, total] = await Promise.all([
    tx
      .select()
      .from(staticAccounts)
      .where(plan.where)
      .orderBy(...plan.orderBy),
    countRows(tx, staticAccounts, and(scope, filter)),
  ]);
  return plan.finish(rows, total);
}
