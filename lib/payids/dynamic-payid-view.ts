import { z } from "zod";
import { AMOUNT_VALIDATIONS, DYNAMIC_PAY_ID_STATUSES, SOURCES, type DynamicPayId } from "@/db/schema";
import { naira, nullableTimestamp, pageOf, responseSchema, timestamp } from "@/lib/response-schema";
import { koboToNaira } from "@/lib/money";
import { DYNAMIC_SUFFIX, fullDynamicPayId } from "./dynamic-payids";

/** api.md's Dynamic PayID object (amount in naira, two decimals). */
export const DynamicPayIdSchema = responseSchema(
  "DynamicPayId",
  z.object({
    id: z.string(),
    slug: z.string(),
    suffix: z.string(),
    full_pay_id: z.string(),
    settlement_pay_id_id: z.string(),
    creator_pay_id_id: z.string(),
    creator_type: z.enum(["personal", "business"]),
    business_id: z.string().nullable(),
    name: z.string(),
    amount: naira().nullable(),
    amount_validation: z.enum(AMOUNT_VALIDATIONS),
    allow_multiple_payments: z.boolean(),
    status: z.enum(DYNAMIC_PAY_ID_STATUSES),
    source: z.enum(SOURCES),
    expires_at: timestamp(),
    deactivated_at: nullableTimestamp(),
    completed_at: nullableTimestamp(),
    created_at: timestamp(),
  }),
);
export type DynamicPayIdView = z.output<typeof DynamicPayIdSchema>;

/** What a list item carries (api.md: only id, full_pay_id, name, amount, status, expires_at, created_at). */
export const DynamicPayIdListItemSchema = responseSchema(
  "DynamicPayIdListItem",
  DynamicPayIdSchema.pick({ id: true, full_pay_id: true, name: true, amount: true, status: true, expires_at: true, created_at: true }),
);
export type DynamicPayIdListItem = z.output<typeof DynamicPayIdListItemSchema>;
export const DynamicPayIdPageSchema = responseSchema("DynamicPayIdPage", pageOf(DynamicPayIdListItemSchema));

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
