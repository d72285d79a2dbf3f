import { and, eq, getTableColumns, inArray, isNull, lte, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db/client";
import { invoices, type Invoice, type Mode } from "@/db/schema";
import { evaluateFlag } from "@/db/statements/flags";
import { deliverAfterCommit } from "@/lib/events/deliver-after-commit";
import { keptCountSql, type KeptCountKey } from "@/lib/lists/counts";
import { searchTotal } from "@/lib/lists/search-counts";
import { searchFields } from "@/lib/lists/search";
import { type ListShape, type Paged } from "@/lib/lists/paging";
import { planPage, readPage, shallowPage, shallowPageStatement } from "@/lib/lists/page-query";
import { applyInvoiceDue } from "./apply-invoice-due";
import type { InvoiceActor } from "./invoice-events";
import type { ListInvoicesQuery } from "./invoice-input";

type Scope = { merchantId: string; mode: Mode };

const inScope = (s: Scope) => and(eq(invoices.merchantId, s.merchantId), eq(invoices.mode, s.mode));

type ListFilter = Omit<ListInvoicesQuery, "page" | "page_size" | "starting_after" | "ending_before">;

/** Status filter (`paused`: any status with paused true) and search over number, customer, reference and public id. */
function listFilter(input: ListFilter): SQL | undefined {
  const q = input.search?.trim();
  const i = invoices;
  return and(
    input.status === "paused" ? eq(i.paused, true) : input.status ? eq(i.status, input.status) : undefined,
    q ? searchFields([i.invoiceNumber, i.customerName, i.customerEmail, i.merchantReference, i.publicId], q) : undefined,
  );
}

/** The kept count of the list as filtered; null when a search narrows it (counted instead). */
function invoiceKept(input: Scope & ListFilter): KeptCountKey | null {
  if (input.search?.trim()) return null;
  const key = { list: "invoices", merchantId: input.merchantId, mode: input.mode } as const;
  if (input.status === "paused") return { ...key, b: "true" };
  return { ...key, a: input.status };
}

const SHAPE: ListShape = { table: invoices, order: [invoices.createdAt, invoices.id], cursorColumn: invoices.publicId, buckets: "time" };

/** Invoices of this merchant whose due date has passed and not yet been applied (index invoices_due_idx). */
const dueInScope = (scope: Scope, now: Date) => dueWhere(inScope(scope)!, now);

/** The due rule: an invoice in `scope` still sent or partly paid, its due date passed (`now`: a time or a placeholder) and not yet applied. */
const dueWhere = (scope: SQL, now: Date | Placeholder) =>
  and(scope, isNull(invoices.dueHandledAt), inArray(invoices.status, ["sent", "partial"]), lte(invoices.dueAt, now))!;

const p = sql.placeholder;
type StatusShape = "all" | "status" | "paused";

/** The shallow pages' statement (lib/lists/page-query.ts shallowPage) of the list by status, paused or whole, with the due flag. */
const shallowInvoices = (shape: StatusShape) => (db: DbOrTx, name: string) => {
  const i = invoices;
  const scope = and(eq(i.merchantId, p("merchantId")), eq(i.mode, p("mode")))!;
  const where = and(scope, shape === "paused" ? eq(i.paused, true) : shape === "status" ? eq(i.status, p("status")) : undefined)!;
  const base = { list: "invoices", merchantId: p("merchantId"), mode: p("mode") } as const;
  const total = keptCountSql(shape === "paused" ? { ...base, b: "true" } : shape === "status" ? { ...base, a: p("status") } : base);
  return shallowPageStatement(db, name, SHAPE, where, total, { dueNow: sql<boolean>`exists (select 1 from ${invoices} where ${dueWhere(scope, p("now"))})` });
};

/** Applies passed due dates to this merchant's invoices (their events delivered after commit). */
async function applyDueInScope(db: Db, scope: Scope, actor: InvoiceActor, now: Date): Promise<void> {
  const due = await db.select().from(invoices).where(dueInScope(scope, now));
  if (due.length === 0) return;
  const eventIds = await db.transaction(async (tx) => {
    const ids: string[] = [];
    for (const row of due) ids.push(...(await applyInvoiceDue(tx, row, actor, now)).eventIds);
    return ids;
  });
  deliverAfterCommit(eventIds);
}

/** One read of the page and its total, and whether any invoice of the merchant is past due unapplied. */
async function readInvoicePage(db: Db, input: Scope & ListInvoicesQuery, now: Date): Promise<{ page: Paged<Invoice>; dueNow: boolean }> {
  const kept = invoiceKept(input);
  if (kept) {
    const shape: StatusShape = input.status === "paused" ? "paused" : input.status ? "status" : "all";
    const params = { merchantId: input.merchantId, mode: input.mode, status: input.status, now: now.toISOString() };
    const shallow = await shallowPage<Invoice & { dueNow: boolean }>(db, input, `invoices_page_${shape}`, shallowInvoices(shape), params);
    if (shallow) return { page: { ...shallow, items: shallow.items.map(({ dueNow: _, ...invoice }) => invoice) }, dueNow: shallow.items[0]!.dueNow };
  }
  const plan = await planPage(db, SHAPE, inScope(input)!, listFilter(input), input, kept);
  const where = and(inScope(input), listFilter(input))!;
  const total = kept
    ? keptCountSql(kept)
    : searchTotal(
        {
          list: "invoices",
          merchantId: input.merchantId,
          mode: input.mode,
          key: { search: input.search?.trim(), status: input.status },
          table: invoices,
          scope: inScope(input)!,
          sortColumn: invoices.createdAt,
          where,
        },
        now.getTime(),
      );
  const dueNow = sql<boolean>`exists (select 1 from ${invoices} where ${dueInScope(input, now)})`;
  const [rows, n] = await readPage(db, total, (listTotal) =>
    db
      .select({ ...getTableColumns(invoices), listTotal, dueNow })
      .from(invoices)
      .where(plan.where)
      .orderBy(...plan.orderBy),
  );
  // No rows to carry the flag (an empty page): asked on its own.
  const anyDue = rows.length > 0 ? rows[0]!.dueNow : await evaluateFlag(db, dueNow);
  const page = plan.finish(
    rows.map(({ dueNow: _, ...invoice }) => invoice),
    n,
  );
  return { page, dueNow: anyDue };
}

/**
 * GET /v1/checkout/invoice and the dashboard list: newest first, paged, status as of now. Passed
 * due dates are applied before the list is answered, so a status filter and the totals see what
 * each invoice is now (not what the scheduler has yet to get to). The page read asks whether
 * there are any (one round trip when there are none, the usual case); when there are, they are
 * applied and the page read again.
 */
export async function listInvoices(db: Db, input: Scope & ListInvoicesQuery & { actor?: InvoiceActor }): Promise<Paged<Invoice>> {
  const now = new Date();
  const first = await readInvoicePage(db, input, now);
  if (!first.dueNow) return first.page;
  await applyDueInScope(db, input, input.actor ?? "api", now);
  return (await readInvoicePage(db, input, now)).page;
}
