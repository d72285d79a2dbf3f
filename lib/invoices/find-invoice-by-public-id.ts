import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { invoices, type Invoice } from "@/db/schema";

/**
 * The invoice with this public id, whatever its merchant and mode (the hosted page's link is
 * the customer's capability), as stored: the caller applies a passed due date. Null when none.
 */
export async function findInvoiceByPublicId(db: DbOrTx, publicId: string): Promise<Invoice | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.publicId, publicId));
  return row ?? null;
}
