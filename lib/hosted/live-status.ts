import { eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { checkoutSessions, dynamicPayIds, invoices, payIds } from "@/db/schema";
import { invoiceLiveStatus, payIdLiveId, type LiveKind } from "./live-keys";

/**
 * The current status of each key, in one query per kind (a thousand open pages cost three
 * queries, not a thousand). A key whose record does not exist is absent from the answer.
 */
export async function readLiveStatuses(db: DbOrTx, keys: Iterable<string>): Promise<Map<string, string>> {
  const byKind: Record<LiveKind, string[]> = { session: [], invoice: [], payid: [] };
  for (const key of keys) {
    const at = key.indexOf(":");
    const kind = key.slice(0, at) as LiveKind;
    if (byKind[kind]) byKind[kind].push(key.slice(at + 1));
  }
  const out = new Map<string, string>();
  if (byKind.session.length > 0) {
    const rows = await db
      .select({ id: checkoutSessions.id, status: checkoutSessions.status })
      .from(checkoutSessions)
      .where(inArray(checkoutSessions.id, byKind.session));
    for (const r of rows) out.set(`session:${r.id}`, r.status);
  }
  if (byKind.invoice.length > 0) {
    const rows = await db
      .select({ publicId: invoices.publicId, status: invoices.status, paid: invoices.amountPaid })
      .from(invoices)
      .where(inArray(invoices.publicId, byKind.invoice));
    for (const r of rows) out.set(`invoice:${r.publicId}`, invoiceLiveStatus(r.status, r.paid));
  }
  if (byKind.payid.length > 0) {
    const wanted = new Set(byKind.payid);
    const handles = [...new Set(byKind.payid.map((k) => k.slice(k.indexOf(":") + 1)))];
    const rows = await db
      .select({ mode: payIds.mode, payId: payIds.payId, active: payIds.isActive, dynamic: dynamicPayIds.status })
      .from(payIds)
      .leftJoin(dynamicPayIds, eq(dynamicPayIds.payIdId, payIds.id))
      .where(inArray(payIds.payId, handles));
    for (const r of rows) {
      const id = payIdLiveId(r.mode, r.payId);
      if (wanted.has(id)) out.set(`payid:${id}`, r.dynamic ?? (r.active ? "active" : "inactive"));
    }
  }
  return out;
}
