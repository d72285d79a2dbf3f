import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { merchants, type Mode } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { findPayId } from "@/lib/payids/find-pay-id";

/** Who a PayID belongs to, before sending to it (the dashboard's "name enquiry" for PayIDs). */
export async function lookupPayIdRecipient(tx: DbOrTx, input: { mode: Mode; payId: string; merchantId: string }): Promise<{ name: string; payId: string }> {
  const payId = await findPayId(tx, input);
  if (!payId || payId.kind !== "wallet" || !payId.isActive) throw new AppError({ code: "ACCOUNT_NOT_FOUND", status: 400, message: "No wallet has this PayID." });
  if (payId.merchantId === input.merchantId) throw new AppError({ code: "VALIDATION_ERROR", status: 400, message: "That is your own wallet." });
  const [owner] = await tx.select({ name: merchants.name }).from(merchants).where(eq(merchants.id, payId.merchantId));
  return { name: owner!.name, payId: payId.payId };
}
