import type { Db } from "@/db/client";
import type { Mode, Source } from "@/db/schema";
import { createDynamicPayId, type DynamicPayIdRecord } from "./dynamic-payids";
import { getWalletPayId } from "./find-pay-id";
import type { CreateDynamicPayIdBody } from "./payid-input";

/**
 * POST /v1/checkout/dynamic-payid and the dashboard's create form: a standalone dynamic PayID
 * that expires `expires_in_minutes` from now. Payments settle to the given settlement PayID
 * (the key's), else to the merchant's wallet PayID of the mode.
 */
export async function issueDynamicPayId(
  db: Db,
  input: {
    merchantId: string;
    mode: Mode;
    keyPairId: string | null;
    settlementPayIdId: string | null;
    source: Source;
    body: CreateDynamicPayIdBody;
  },
): Promise<DynamicPayIdRecord> {
  const { body } = input;
  return db.transaction(async (tx) => {
    const settlementPayIdId = input.settlementPayIdId ?? (await getWalletPayId(tx, input))?.id;
    if (!settlementPayIdId) throw new Error(`Merchant ${input.merchantId} has no ${input.mode} wallet PayID`);
    return createDynamicPayId(tx, {
      merchantId: input.merchantId,
      mode: input.mode,
      keyPairId: input.keyPairId,
      settlementPayIdId,
      name: body.name,
      amount: body.amount ?? null,
      amountValidation: body.amount_validation,
      allowMultiplePayments: body.allow_multiple_payments,
      expiresAt: new Date(Date.now() + body.expires_in_minutes * 60_000),
      source: input.source,
      metadata: body.metadata ?? null,
    });
  });
}
