import { and, eq, or, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { transfers, type Mode, type Transfer } from "@/db/schema";
import { appError } from "@/lib/errors";

const transferNotFound = () => appError("TRANSFER_NOT_FOUND");

/** By the service `reference` or the caller's `merchant_reference` (supplement §3); scoped. */
export async function getTransferOrThrow(tx: DbOrTx, input: { merchantId: string; mode: Mode; reference: string }): Promise<Transfer> {
  const [row] = await tx
    .select()
    .from(transfers)
    .where(
      and(
        eq(transfers.merchantId, input.merchantId),
        eq(transfers.mode, input.mode),
        or(eq(transfers.reference, input.reference), eq(transfers.merchantReference, input.reference)),
      ),
    )
    // A service reference wins over a caller's reference that happens to equal it.
    .orderBy(sql`(${transfers.reference} = ${input.reference}) desc`)
    .limit(1);
  if (!row) throw transferNotFound();
  return row;
}

export async function getTransferById(tx: DbOrTx, id: string): Promise<Transfer> {
  const [row] = await tx.select().from(transfers).where(eq(transfers.id, id));
  if (!row) throw transferNotFound();
  return row;
}
