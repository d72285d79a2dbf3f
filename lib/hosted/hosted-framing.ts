import { and, eq, inArray } from "drizzle-orm";
import { getDb } from "@/db/client";
import { apiKeyPairs, checkoutSessions, dynamicPayIds, invoices, payIds, staticPayIds, type Mode } from "@/db/schema";
import { normalisePayId } from "@/lib/payids/find-pay-id";
import { isUuid } from "@/lib/text-patterns";
import { hostedPagePath } from "@/lib/public-links";

export type FramingTarget = { mode: Mode; allowedDomains: string[] };

async function keyDomains(keyPairId: string | null): Promise<string[]> {
  if (!keyPairId) return [];
  const db = await getDb();
  const [row] = await db.select({ allowedDomains: apiKeyPairs.allowedDomains }).from(apiKeyPairs).where(eq(apiKeyPairs.id, keyPairId));
  return row?.allowedDomains ?? [];
}

/**
 * The mode and key allowed domains behind a hosted page's path: a checkout session's key, a
 * static or dynamic PayID's key (a wallet PayID has none), an invoice's key (none when made in
 * the dashboard). Null when the path names nothing (the page answers 404).
 */
export async function hostedFramingTarget(path: string, search: URLSearchParams): Promise<FramingTarget | null> {
  const page = hostedPagePath(path);
  if (!page) return null;
  const db = await getDb();
  if (page.kind === "session") {
    if (!isUuid(page.id)) return null;
    const [s] = await db
      .select({ mode: checkoutSessions.mode, keyPairId: checkoutSessions.keyPairId })
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, page.id));
    return s ? { mode: s.mode, allowedDomains: await keyDomains(s.keyPairId) } : null;
  }
  if (page.kind === "invoice") {
    if (page.id.length > 100) return null;
    const [inv] = await db.select({ mode: invoices.mode, keyPairId: invoices.keyPairId }).from(invoices).where(eq(invoices.publicId, page.id));
    return inv ? { mode: inv.mode, allowedDomains: await keyDomains(inv.keyPairId) } : null;
  }
  // A PayID: the same one the page shows (live preferred unless ?mode=test asks for test).
  const wanted = normalisePayId(page.id);
  if (!wanted || wanted.length > 80) return null;
  const asked = search.get("mode");
  const modes: Mode[] = asked === "test" || asked === "live" ? [asked] : ["live", "test"];
  const rows = await db
    .select({ id: payIds.id, mode: payIds.mode, kind: payIds.kind })
    .from(payIds)
    .where(and(eq(payIds.payId, wanted), inArray(payIds.mode, modes)));
  const row = rows.find((r) => r.mode === modes[0]) ?? rows.find((r) => r.mode === modes[1]);
  if (!row) return null;
  let keyPairId: string | null = null;
  if (row.kind === "static") {
    const [s] = await db.select({ keyPairId: staticPayIds.keyPairId }).from(staticPayIds).where(eq(staticPayIds.payIdId, row.id));
    keyPairId = s?.keyPairId ?? null;
  } else if (row.kind === "dynamic") {
    const [d] = await db.select({ keyPairId: dynamicPayIds.keyPairId }).from(dynamicPayIds).where(eq(dynamicPayIds.payIdId, row.id));
    keyPairId = d?.keyPairId ?? null;
  }
  return { mode: row.mode, allowedDomains: await keyDomains(keyPairId) };
}
