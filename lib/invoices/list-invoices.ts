import { and, count, desc, eq, ilike, inArray, isNull, lte, or, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { invoices, type Invoice, type Mode } from "@/db/schema";
import { deliverAfterCommit } from "@/lib/events/deliver-after-commit";
import { paged, pageOffset, type Paged } from "@/lib/paging";
import { containsPattern } from "@/lib/text-patterns";
import { applyInvoiceDue } from "./apply-invoice-due";
import type { InvoiceActor } from "./invoice-events";
import type { ListInvoicesQuery } from "./invoice-input";

type Scope = { merchantId: string; mode: Mode };

const inScope = (s: Scope) => and(eq(invoices.merchantId, s.merchantId), eq(invoices.mode, s.mode));

/** Status filter (`paused`: any status with paused true) and search over number, customer, reference and public id. */
function listFilter(input: Scope & Omit<ListInvoicesQuery, "page" | "page_size">): SQL | undefined {
  const q = input.search?.trim();
  const pattern = q ? containsPattern(q) : "";
  return and(
    inScope(input),
    input.status === "paused" ? eq(invoices.paused, true) : input.status ? eq(invoices.status, input.status) : undefined,
    q
      ? or(
          ilike(invoices.invoiceNumber, pattern),
          ilike(invoices.customerName, pattern),
          ilike(invoices.customerEmail, pattern),
          ilike(invoices.merchantReference, pattern),
          ilike(invoices.publicId, pattern),
        )
      : undefined,
  );
}

/**
 * Applies passed due dates to this merchant's invoices before a list is read, so a status
 * filter and the totals see what each one is now (not what the scheduler has yet to get to).
 */
async function applyDueInScope(db: Db, scope: Scope, actor: InvoiceActor, now: Date): Promise<void> {
  const due = await db
    .select()
    .from(invoices)
    .where(and(inScope(scope), isNull(invoices.dueHandledAt), inArray(invoices.status, ["sent", "partial"]), lte(invoices.dueAt, now)));
  if (due.length === 0) return;
  const eventIds = await db.transaction(async (tx) => {
    const ids: string[] = [];
    for (const row of due) ids.push(...(await applyInvoiceDue(tx, row, actor, now)).eventIds);
    return ids;
  });
  deliverAfterCommit(eventIds);
}

/** GET /v1/checkout/invoice and the dashboard list: newest first, paged, status as of now. */
export async function listInvoices(db: Db, input: Scope & ListInvoicesQuery & { actor?: InvoiceActor }): Promise<Paged<Invoice>> {
  await applyDueInScope(db, input, input.actor ?? "api", new Date());
  const where = listFilter(input);
  const [items, [total]] = await Promise.all([
    db.select().from(invoices).where(where).orderBy(desc(invoices.createdAt), desc(invoices.id)).limit(input.page_size).offset(pageOffset(input)),
    db.select({ n: count() }).from(invoices).where(where),
  ]);
  return paged(items, total?.n ?? 0, input);
}
