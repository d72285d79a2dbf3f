import { and, asc, eq, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db, DbOrTx } from "@/db/client";
import { events, type Invoice, type Mode } from "@/db/schema";
import { isAppError } from "@/lib/errors";
import type { TrailEvent } from "@/lib/ledger/record-trail";
import { flattenSearch } from "@/lib/lists/paging";
import { getInvoice } from "./get-invoice";
import { INVOICE_FILTERS } from "./invoice-input";

/**
 * The dashboard's invoice list query from URL search params: the API's ListInvoicesQuery
 * fields, each falling back on its own (a bad value in a shared link drops that filter only).
 */
const InvoiceSearch = z.object({
  page: z.coerce.number().int().min(1).catch(1),
  page_size: z.coerce.number().int().min(1).max(100).catch(20),
  status: z.enum(INVOICE_FILTERS).optional().catch(undefined),
  search: z.string().trim().max(128).optional().catch(undefined),
});
export type InvoiceSearch = z.output<typeof InvoiceSearch>;

export function parseInvoiceSearch(search: Record<string, string | string[] | undefined>): InvoiceSearch {
  const q = InvoiceSearch.parse(flattenSearch(search));
  return { ...q, search: q.search || undefined };
}

/**
 * The webhook events an invoice caused, oldest first: its invoice.* events (data.public_id) and
 * the charge.success of each payment into it (data.invoice_id). Scoped by merchant and mode.
 */
export async function listInvoiceEvents(db: DbOrTx, input: { merchantId: string; mode: Mode; publicId: string }): Promise<TrailEvent[]> {
  return db
    .select({ id: events.id, type: events.type, deliveryStatus: events.deliveryStatus, attempts: events.attempts, createdAt: events.createdAt })
    .from(events)
    .where(
      and(
        eq(events.merchantId, input.merchantId),
        eq(events.mode, input.mode),
        or(sql`${events.data}->>'public_id' = ${input.publicId}`, sql`${events.data}->>'invoice_id' = ${input.publicId}`),
      ),
    )
    .orderBy(asc(events.createdAt), asc(events.seq));
}

/** The invoice of this merchant and mode (due date applied, as the API's GET), or null. */
export async function findDashboardInvoice(db: Db, input: { merchantId: string; mode: Mode; publicId: string }): Promise<Invoice | null> {
  try {
    return await getInvoice(db, { ...input, actor: "dashboard" });
  } catch (err) {
    if (isAppError(err) && err.status === 404) return null;
    throw err;
  }
}
