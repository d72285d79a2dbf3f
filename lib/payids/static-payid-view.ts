import type { StaticPayId } from "@/db/schema";

/** A static PayID row with its handle from `pay_ids`. */
export type StaticPayIdRecord = StaticPayId & { payId: string; suffix: string };

/** api.md's Static PayID object. */
export type StaticPayIdView = {
  id: string;
  pay_id_id: string;
  pay_id: string;
  business_id: string;
  api_key_id: string | null;
  settlement_pay_id_id: string | null;
  name: string;
  description: string | null;
  suffix: string;
  source: StaticPayId["source"];
  is_active: boolean;
  created_at: string;
  updated_at: string;
};

/** What a list item carries (api.md: only id, pay_id, name, is_active, created_at). */
export type StaticPayIdListItem = Pick<StaticPayIdView, "id" | "pay_id" | "name" | "is_active" | "created_at">;

export function toStaticPayIdView(r: StaticPayIdRecord): StaticPayIdView {
  return {
    id: r.id,
    pay_id_id: r.payIdId,
    pay_id: r.payId,
    business_id: r.merchantId,
    api_key_id: r.keyPairId,
    settlement_pay_id_id: r.settlementPayIdId,
    name: r.name,
    description: r.description,
    suffix: r.suffix,
    source: r.source,
    is_active: r.isActive,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

export function toStaticPayIdListItem(r: StaticPayIdRecord): StaticPayIdListItem {
  return { id: r.id, pay_id: r.payId, name: r.name, is_active: r.isActive, created_at: r.createdAt.toISOString() };
}
