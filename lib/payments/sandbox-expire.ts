import { and, eq, or, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { Db } from "@/db/client";
import { checkoutSessions, dynamicPayIds, invoices, virtualAccounts, type Mode } from "@/db/schema";
import { lagosDay } from "@/lib/lagos-day";
import { notFound } from "@/lib/errors";
import { isUuid } from "@/lib/text-patterns";

export const SandboxExpireBody = z.object({
  resource: z.enum(["session", "dynamic_payid", "virtual_account", "invoice"], {
    error: "resource must be one of session, dynamic_payid, virtual_account, invoice",
  }),
  id: z.string({ error: "id is required" }).trim().min(1, "id is required").max(64, "id must be at most 64 characters"),
});

type Expirable = PgTable & { id: PgColumn; merchantId: PgColumn; mode: PgColumn; expiresAt: PgColumn };

/**
 * POST /v1/sandbox/expire (supplement §5): sets the record's expiry (an invoice's due date) to now; the next read or
 * scheduler pass applies the transition (through the expiry rules, like a real expiry).
 * Only the key's own merchant and mode are reachable; anything else is 404.
 */
export async function sandboxExpire(db: Db, input: { merchantId: string; mode: Mode; body: z.output<typeof SandboxExpireBody> }) {
  const { resource, id } = input.body;
  const now = new Date();
  const set = async (table: Expirable, match: SQL | undefined) => {
    const rows = await db
      .update(table)
      .set({ expiresAt: now } as never)
      .where(and(match, eq(table.merchantId, input.merchantId), eq(table.mode, input.mode)))
      .returning({ id: table.id });
    if (rows.length === 0) throw notFound(`No ${resource} ${id} for this key.`);
  };
  switch (resource) {
    case "session":
      if (!isUuid(id)) throw notFound(`No session ${id} for this key.`);
      await set(checkoutSessions as unknown as Expirable, eq(checkoutSessions.id, id));
      break;
    case "dynamic_payid":
      if (!isUuid(id)) throw notFound(`No dynamic_payid ${id} for this key.`);
      await set(dynamicPayIds as unknown as Expirable, eq(dynamicPayIds.id, id));
      break;
    case "virtual_account":
      await set(
        virtualAccounts as unknown as Expirable,
        isUuid(id) ? or(eq(virtualAccounts.publicId, id), eq(virtualAccounts.id, id)) : eq(virtualAccounts.publicId, id),
      );
      break;
    case "invoice": {
      // An invoice's "expiry" is its due date: due today, and due now (supplement §5).
      const rows = await db
        .update(invoices)
        .set({ dueAt: now, dueDate: lagosDay(now) })
        .where(and(eq(invoices.publicId, id), eq(invoices.merchantId, input.merchantId), eq(invoices.mode, input.mode)))
        .returning({ id: invoices.id });
      if (rows.length === 0) throw notFound(`No invoice ${id} for this key.`);
      break;
    }
  }
  return { resource, id, expires_at: now.toISOString() };
}
