import type { StaticAccount } from "@/db/schema";
import { koboToNaira } from "@/lib/money";
import { maskIdentity } from "./identity-number";

/** api.md's Static NGN account object. The identity number is never in it, only its last four. */
export type StaticAccountView = {
  id: string;
  account_number: string;
  account_name: string;
  bank_name: string;
  bank_code: string | null;
  currency: string;
  status: StaticAccount["status"];
  customer_name: string;
  customer_email: string | null;
  customer_phone: string | null;
  identity_type: StaticAccount["identityType"];
  identity_number_masked: string;
  reference: string | null;
  metadata: Record<string, unknown>;
  inflow_count: number;
  total_received: string;
  last_payment_at: string | null;
  disabled_at: string | null;
  deleted_at: string | null;
  created_at: string;
  updated_at: string;
};

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
