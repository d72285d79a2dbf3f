import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { payIds, type Mode, type PayId } from "@/db/schema";

/** `@Acme` → `acme`: PayIDs are matched without the @ and case-insensitively. */
export function normalisePayId(input: string): string {
  return input.trim().replace(/^@/, "").toLowerCase();
}

export async function findPayId(tx: DbOrTx, input: { mode: Mode; payId: string }): Promise<PayId | null> {
  const rows = await tx
    .select()
    .from(payIds)
    .where(and(eq(payIds.mode, input.mode), eq(payIds.payId, normalisePayId(input.payId))))
    .limit(1);
  return rows[0] ?? null;
}

export async function getWalletPayId(tx: DbOrTx, input: { merchantId: string; mode: Mode }): Promise<PayId | null> {
  const rows = await tx
    .select()
    .from(payIds)
    .where(and(eq(payIds.merchantId, input.merchantId), eq(payIds.mode, input.mode), eq(payIds.kind, "wallet")))
    .limit(1);
  return rows[0] ?? null;
}

export async function getPayIdById(tx: DbOrTx, id: string): Promise<PayId | null> {
  const rows = await tx.select().from(payIds).where(eq(payIds.id, id)).limit(1);
  return rows[0] ?? null;
}
