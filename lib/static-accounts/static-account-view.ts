import { z } from "zod";
import { IDENTITY_TYPES, STATIC_ACCOUNT_STATUSES, type StaticAccount } from "@/db/schema";
import { int, metadata, naira, nullableTimestamp, pageOf, responseSchema, timestamp } from "@/lib/response-schema";
import { koboToNaira } from "@/lib/money";
import { maskIdentity } from "./identity-number";

/** api.md's Static NGN account object. The identity number is never in it, only its last four. */
export const StaticAccountSchema = responseSchema(
  "StaticAccount",
  z.object({
    id: z.string(),
    account_number: z.string(),
    account_name: z.string(),
    bank_name: z.string(),
    bank_code: z.string().nullable(),
    currency: z.string(),
    status: z.enum(STATIC_ACCOUNT_STATUSES),
    customer_name: z.string(),
    customer_email: z.string().nullable(),
    customer_phone: z.string().nullable(),
    identity_type: z.enum(IDENTITY_TYPES),
    identity_number_masked: z.string(),
    reference: z.string().nullable(),
    metadata: metadata(),
    inflow_count: int(),
    total_received: naira(),
    last_payment_at: nullableTimestamp(),
    disabled_at: nullableTimestamp(),
    deleted_at: nullableTimestamp(),
    created_at: timestamp(),
    updated_at: timestamp(),
  }),
);
export type StaticAccountView = z.output<typeof StaticAccountSchema>;
export const StaticAccountPageSchema = responseSchema("StaticAccountPage", pageOf(StaticAccountSchema));

/** Whether the product answers, and what it offers (GET /v1/checkout/static-account/status). */
export const StaticAccountProductStatusSchema = responseSchema(
  "StaticAccountProductStatus",
  z.object({ enabled: z.boolean(), currency: z.literal("NGN"), bank_names: z.array(z.string()), identity_types: z.array(z.string()) }),
);

export function toStaticAccountView(a: StaticAccount): StaticAccountView {
  return {
    id: a.id,
    account_number: a.accountNumber,
    account_name: a.accountName,
    bank_name: a.bankName,
    bank_code: a.bankCode,
    currency: a.currency,
    status: a.status,
    customer_name: a.customerName,
    customer_email: a.customerEmail,
    customer_phone: a.customerPhone,
    identity_type: a.identityType,
    identity_number_masked: maskIdentity(a.identityLast4),
    reference: a.reference,
    metadata: a.metadata ?? {},
    inflow_count: a.inflowCount,
    total_received: koboToNaira(a.totalReceived),
    last_payment_at: a.lastPaymentAt?.toISOString() ?? null,
    disabled_at: a.disabledAt?.toISOString() ?? null,
    deleted_at: a.deletedAt?.toISOString() ?? null,
    created_at: a.createdAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
  };
}
