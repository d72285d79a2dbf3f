import type { VirtualAccount } from "@/db/schema";
import { koboToNaira } from "@/lib/money";

/** api.md's Virtual account object. `amount` is naira; `provider` is kept but deprecated. */
export type VirtualAccountView = {
  public_id: string;
  account_number: string | null;
  account_name: string | null;
  bank_name: string;
  bank_code: string | null;
  merchant_name: string | null;
  provider: string;
  reference: string;
  amount: string | null;
  status: VirtualAccount["status"];
  expires_at: string | null;
  completed_at: string | null;
  source: string;
  created_at: string;
};

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
