import { and, eq, ilike, lte, or, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { dynamicPayIds, type DynamicPayId, type Mode } from "@/db/schema";
import { expireDynamicPayIdIfDue } from "@/lib/payids/expire-dynamic-payid";
import { DYNAMIC_SUFFIX } from "./dynamic-payids";
import { normalisePayId } from "./find-pay-id";
import { containsPattern } from "@/lib/text-patterns";
import type { ListDynamicPayIdsQuery } from "./payid-input";
import { countRows } from "@/lib/lists/counts";
import { type ListShape, type Paged } from "@/lib/lists/paging";
import { planPage } from "@/lib/lists/page-query";

/** The status values, for the pages' filters (app/ does not import db/). */
export { DYNAMIC_PAY_ID_STATUSES } from "@/db/schema";

type Scope = { merchantId: string; mode: Mode };

const inScope = (s: Scope) => and(eq(dynamicPayIds.merchantId, s.merchantId), eq(dynamicPayIds.mode, s.mode))!;
const SHAPE: ListShape = { table: dynamicPayIds, order: [dynamicPayIds.createdAt, dynamicPayIds.id], cursorColumn: dynamicPayIds.id };

/** Search matches the slug, the name or the full PayID (`<slug>.dypid`, with or without @). */
function listFilter(input: Omit<ListDynamicPayIdsQuery, "page" | "page_size">): SQL | undefined {
  const q = input.search?.trim();
  const slug = q ? normalisePayId(q).replace(new RegExp(`\\${DYNAMIC_SUFFIX}$`), "") : "";
  return and(
    input.status ? eq(dynamicPayIds.status, input.status) : undefined,
    q ? or(ilike(dynamicPayIds.name, containsPattern(q)), slug ? ilike(dynamicPayIds.slug, containsPattern(slug)) : undefined) : undefined,
  );
}

/**
 * Applies expiry to this merchant's active dynamic PayIDs past their time before a list is
 * read, so a status filter and the totals see what each one is now (not what the scheduler
 * has yet to get to).
 */
async function expireDueInScope(tx: DbOrTx, input: Scope, now: Date): Promise<void> {
  const due = await tx
    .select()
    .from(dynamicPayIds)
    .where(
      and(
        eq(dynamicPayIds.merchantId, input.merchantId),
        eq(dynamicPayIds.mode, input.mode),
        eq(dynamicPayIds.status, "active"),
        lte(dynamicPayIds.expiresAt, now),
      ),
    );
  for (const row of due) await expireDynamicPayIdIfDue(tx, row, now);
}

/** GET /v1/checkout/dynamic-payid and the dashboard list: newest first, paged, status as of now. */
export async function listDynamicPayIds(tx: DbOrTx, input: Scope & ListDynamicPayIdsQuery): Promise<Paged<DynamicPayId>> {
  await expireDueInScope(tx, input, new Date());
  const filter = listFilter(input);
  const plan = await planPage(tx, SHAPE, inScope(input), filter, input);
  const [rows, total] = await Promise.all([
    tx
      .select()
      .from(dynamicPayIds)
      .where(plan.where)
      .orderBy(...plan.orderBy),
    countRows(tx, dynamicPayIds, and(inScope(input), filter)),
  ]);
  return plan.finish(rows, total);
}
