import { z } from "zod";
import { VIRTUAL_ACCOUNT_STATUSES, type VirtualAccount } from "@/db/schema";
import { naira, nullableTimestamp, pageOf, responseSchema, timestamp } from "@/lib/response-schema";
import { koboToNaira } from "@/lib/money";

/** api.md's Virtual account object. `amount` is naira; `provider` is kept but deprecated. */
export const VirtualAccountSchema = responseSchema(
  "VirtualAccount",
  z.object({
    public_id: z.string(),
    account_number: z.string().nullable(),
    account_name: z.string().nullable(),
    bank_name: z.string(),
    bank_code: z.string().nullable(),
    merchant_name: z.string().nullable(),
    provider: z.string().meta({ deprecated: true }),
    reference: z.string(),
    amount: naira().nullable(),
    status: z.enum(VIRTUAL_ACCOUNT_STATUSES),
    expires_at: nullableTimestamp(),
    completed_at: nullableTimestamp(),
    source: z.string(),
    created_at: timestamp(),
  }),
);
export type VirtualAccountView = z.output<typeof VirtualAccountSchema>;
export const VirtualAccountPageSchema = responseSchema("VirtualAccountPage", pageOf(VirtualAccountSchema));

export function toVirtualAccountView(va: VirtualAccount): VirtualAccountView {
  return {
    public_id: va.publicId,
    account_number: va.accountNumber,
    account_name: va.accountName,
    bank_name: va.bankName,
    bank_code: va.bankCode,
    // Same value as account_name (api.md: kept for backward compatibility).
    merchant_name: va.accountName,
    provider: va.provider,
    reference: va.reference,
    amount: va.amount === null ? null : koboToNaira(va.amount),
    status: va.status,
    expires_at: va.expiresAt?.toISOString() ?? null,
    completed_at: va.completedAt?.toISOString() ?? null,
    source: va.source,
    created_at: va.createdAt.toISOString(),
  };
}
