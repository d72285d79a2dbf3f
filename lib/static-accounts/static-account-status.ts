import { IDENTITY_TYPES, type StaticAccountState } from "@/db/schema";
import { findPartnerBank } from "@/lib/bank/partner-banks";
import { STATIC_ACCOUNT_PROVIDER } from "./create-static-account";

export type StaticAccountProductStatus = { enabled: boolean; currency: "NGN"; bank_names: string[]; identity_types: string[] };

/** GET /v1/checkout/static-account/status: always answers; enabled only in the `enabled` state. */
export function staticAccountStatus(state: StaticAccountState): StaticAccountProductStatus {
  return {
    enabled: state === "enabled",
    currency: "NGN",
    bank_names: [findPartnerBank(STATIC_ACCOUNT_PROVIDER)!.bankName],
    identity_types: [...IDENTITY_TYPES],
  };
}
