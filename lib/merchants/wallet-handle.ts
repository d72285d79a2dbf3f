import { inArray } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { payIds } from "@/db/schema";
import { randomDigits } from "@/lib/ids";

/** "Acme Stores Ltd." → "acmestoresltd" (3 to 20 letters and digits). */
export function handleBase(name: string): string {
  const base = name
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "")
    .slice(0, 16);
  return base.length >= 3 ? base : `${base}pay`.slice(0, 16);
}

/** A wallet handle free in both modes, so a merchant's test and live PayIDs read the same. */
export async function freeWalletHandle(tx: DbOrTx, name: string): Promise<string> {
  const base = handleBase(name);
  const candidates = [base, ...Array.from({ length: 8 }, () => `${base}${randomDigits(4)}`)];
  const taken = new Set((await tx.select({ payId: payIds.payId }).from(payIds).where(inArray(payIds.payId, candidates))).map((r) => r.payId));
  const free = candidates.find((c) => !taken.has(c));
  return free ?? `${base}${randomDigits(4)}`;
}
