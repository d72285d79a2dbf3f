import { IDENTITY_TYPES, type Mode, type StaticAccountState } from "@/db/schema";
import { staticAccountIssuer } from "./create-static-account";

export type StaticAccountProductStatus = { enabled: boolean; currency: "NGN"; bank_names: string[]; identity_types: string[] };

/**
 * GET /v1/checkout/static-account/status: always answers; enabled only in the `enabled` state.
 * `bank_names`: where the mode's accounts are issued (none in live mode with no rail).
 */
export function staticAccountStatus(state: StaticAccountState, mode: Mode): StaticAccountProductStatus {
  let bankNames: string[] = [];
  try {
    bankNames = [staticAccountIssuer(mode).bank.bankName];
  } catch {
    bankNames = [];
  }
  return { enabled: state === "enabled", currency: "NGN", bank_names: bankNames, identity_types: [...IDENTITY_TYPES] };
}
