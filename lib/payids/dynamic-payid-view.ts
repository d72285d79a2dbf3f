import type { DynamicPayId } from "@/db/schema";
import { koboToNaira } from "@/lib/money";
import { DYNAMIC_SUFFIX, fullDynamicPayId } from "./dynamic-payids";

/** api.md's Dynamic PayID object (amount in naira, two decimals). */
export type DynamicPayIdView = {
  id: string;
  slug: string;
  suffix: string;
  full_pay_id: string;
  settlement_pay_id_id: string;
  creator_pay_id_id: string;
  creator_type: DynamicPayId["creatorType"];
  business_id: string | null;
  name: string;
  amount: string | null;
  amount_validation: DynamicPayId["amountValidation"];
  allow_multiple_payments: boolean;
  status: DynamicPayId["status"];
  source: DynamicPayId["source"];
  expires_at: string;
  deactivated_at: string | null;
  completed_at: string | null;
  created_at: string;
};

/** What a list item carries (api.md: only id, full_pay_id, name, amount, status, expires_at, created_at). */
export type DynamicPayIdListItem = Pick<DynamicPayIdView, "id" | "full_pay_id" | "name" | "amount" | "status" | "expires_at" | "created_at">;

export function toDynamicPayIdView(r: DynamicPayId): DynamicPayIdView {
  return {
    id: r.id,
    slug: r.slug,
    suffix: DYNAMIC_SUFFIX,
    full_pay_id: fullDynamicPayId(r),
    settlement_pay_id_id: r.settlementPayIdId,
    creator_pay_id_id: r.creatorPayIdId,
    creator_type: r.creatorType,
    business_id: r.merchantId,
    name: r.name,
    amount: r.amount === null ? null : koboToNaira(r.amount),
    amount_validation: r.amountValidation,
    allow_multiple_payments: r.allowMultiplePayments,
    status: r.status,
    source: r.source,
    expires_at: r.expiresAt.toISOString(),
    deactivated_at: r.deactivatedAt?.toISOString() ?? null,
    completed_at: r.completedAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
  };
}

export function toDynamicPayIdListItem(r: DynamicPayId): DynamicPayIdListItem {
  return {
    id: r.id,
    full_pay_id: fullDynamicPayId(r),
    name: r.name,
    amount: r.amount === null ? null : koboToNaira(r.amount),
    status: r.status,
    expires_at: r.expiresAt.toISOString(),
    created_at: r.createdAt.toISOString(),
  };
}
