import { and, eq, gt, isNull, lte, or, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { virtualAccounts, type Mode, type VirtualAccount, type VirtualAccountStatus } from "@/db/schema";
import { expireVirtualAccountIfDue } from "@/lib/virtual-accounts/expire-virtual-account";
import type { ListVirtualAccountsQuery } from "./virtual-account-input";
import { countRows } from "@/lib/lists/counts";
import { type ListShape, type Paged } from "@/lib/lists/paging";
import { planPage } from "@/lib/lists/page-query";

/** The status values, for the pages' filters (app/ does not import db/). */
export { VIRTUAL_ACCOUNT_STATUSES } from "@/db/schema";

/**
 * A status as a read would report it: a pending account past its expiry is already
 * `expired` (the lazy expiry below writes it), so filters count it where it is going.
 */
function statusFilter(status: VirtualAccountStatus | undefined, now: Date): SQL | undefined {
  if (!status) return undefined;
  const lapsed = and(eq(virtualAccounts.status, "pending"), lte(virtualAccounts.expiresAt, now));
  if (status === "pending") return and(eq(virtualAccounts.status, "pending"), or(gt(virtualAccounts.expiresAt, now), isNull(virtualAccounts.expiresAt)));
  if (status === "expired") return or(eq(virtualAccounts.status, "expired"), lapsed);
  return eq(virtualAccounts.status, status);
}

const SHAPE: ListShape = { table: virtualAccounts, order: [virtualAccounts.createdAt, virtualAccounts.id], cursorColumn: virtualAccounts.publicId };

/** GET /v1/checkout/virtual-account and the dashboard list: newest first, paged, due expiries applied. */
export async function listVirtualAccounts(tx: DbOrTx, input: { merchantId: string; mode: Mode } & ListVirtualAccountsQuery): Promise<Paged<VirtualAccount>> {
  const now = new Date();
  const scope = and(eq(virtualAccounts.merchantId, input.merchantId), eq(virtualAccounts.mode, input.mode))!;
  const filter = statusFilter(input.status, now);
  const plan = await planPage(tx, SHAPE, scope, filter, input);
  const [rows, total] = await Promise.all([
    tx
      .select()
      .from(virtualAccounts)
      .where(plan.where)
      .orderBy(...plan.orderBy),
    countRows(tx, virtualAccounts, and(scope, filter)),
  ]);
  // Only rows past their expiry touch the database here.
  const items: VirtualAccount[] = [];
  for (const row of rows) items.push(await expireVirtualAccountIfDue(tx, row, now));
  return plan.finish(items, total);
}
