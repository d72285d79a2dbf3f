import { and, eq } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db/client";
import { dynamicPayIds, type DynamicPayId, type Mode } from "@/db/schema";
import { invalidState, notFound } from "@/lib/errors";
import { expireDynamicPayIdIfDue } from "@/lib/payids/expire-dynamic-payid";
import { retireDynamicPayId } from "./dynamic-payids";
import { isUuid } from "@/lib/text-patterns";

type Scope = { merchantId: string; mode: Mode };

const dynamicPayIdNotFound = () => notFound("Dynamic PayID not found.");

/**
 * One dynamic PayID of this merchant and mode, its status as of now (expiry applied before
 * answering). Another merchant's or mode's, or an id that is not a UUID: 404.
 */
export async function getDynamicPayIdOrThrow(tx: DbOrTx, input: Scope & { id: string; forUpdate?: boolean }): Promise<DynamicPayId> {
  if (!isUuid(input.id)) throw dynamicPayIdNotFound();
  const query = tx
    .select()
    .from(dynamicPayIds)
    .where(and(eq(dynamicPayIds.id, input.id), eq(dynamicPayIds.merchantId, input.merchantId), eq(dynamicPayIds.mode, input.mode)))
    .limit(1);
  const [row] = input.forUpdate ? await query.for("update") : await query;
  if (!row) throw dynamicPayIdNotFound();
  return expireDynamicPayIdIfDue(tx, row);
}

/**
 * DELETE /v1/checkout/dynamic-payid/:id (and its alias POST …/deactivate): an active dynamic
 * PayID becomes deactivated before its natural expiry. Any other state is final: 400 INVALID_STATE.
 */
export async function deactivateDynamicPayId(db: Db, input: Scope & { id: string }): Promise<{ success: true; message: string }> {
  return db.transaction(async (tx) => {
    const row = await getDynamicPayIdOrThrow(tx, { ...input, forUpdate: true });
    if (row.status !== "active") {
      throw invalidState(`Dynamic PayID is ${row.status}; only an active one can be deactivated.`);
    }
    await retireDynamicPayId(tx, row.id);
    return { success: true as const, message: "Dynamic PayID deactivated." };
  });
}
