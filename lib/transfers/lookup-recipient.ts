import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { merchants, payIds, type Mode, type PayId } from "@/db/schema";
import { AppError, validationError } from "@/lib/errors";
import { normalisePayId } from "@/lib/payids/find-pay-id";

/**
 * The wallet a PayID transfer would go to, and its owner's name, in one read: the
 * dashboard's "name enquiry" for PayIDs and initiateTransfer's recipient check alike.
 */
export async function findRecipientWallet(
  tx: DbOrTx,
  input: { mode: Mode; payId: string; senderMerchantId: string },
): Promise<{ payId: PayId; name: string }> {
  const [row] = await tx
    .select({ payId: payIds, name: merchants.name })
    .from(payIds)
    .innerJoin(merchants, eq(merchants.id, payIds.merchantId))
    .where(and(eq(payIds.mode, input.mode), eq(payIds.payId, normalisePayId(input.payId))))
    .limit(1);
  if (!row || row.payId.kind !== "wallet" || !row.payId.isActive) {
    throw new AppError({ code: "ACCOUNT_NOT_FOUND", status: 400, message: "No wallet has this PayID." });
  }
  // A merchant has one wallet per mode: a recipient wallet of the sender is its own.
  if (row.payId.merchantId === input.senderMerchantId) throw validationError(["pay_id is your own wallet: choose another recipient"]);
  return row;
}
