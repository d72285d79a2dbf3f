import { z } from "zod";
import { SOURCES, type StaticPayId } from "@/db/schema";
import { pageOf, responseSchema, timestamp } from "@/lib/response-schema";

/** A static PayID row with its handle from `pay_ids`. */
export type StaticPayIdRecord = StaticPayId & { payId: string; suffix: string };

/** api.md's Static PayID object. */
export const StaticPayIdSchema = responseSchema(
  "StaticPayId",
  z.object({
    id: z.string(),
    pay_id_id: z.string(),
    pay_id: z.string(),
    business_id: z.string(),
    api_key_id: z.string().nullable(),
    settlement_pay_id_id: z.string().nullable(),
    name: z.string(),
    description: z.string().nullable(),
    suffix: z.string(),
    source: z.enum(SOURCES),
    is_active: z.boolean(),
    created_at: timestamp(),
    updated_at: timestamp(),
  }),
);
export type StaticPayIdView = z.output<typeof StaticPayIdSchema>;

/** What a list item carries (api.md: only id, pay_id, name, is_active, created_at). */
export const StaticPayIdListItemSchema = responseSchema(
  "StaticPayIdListItem",
  StaticPayIdSchema.pick({ id: true, pay_id: true, name: true, is_active: true, created_at: true }),
);
export type StaticPayIdListItem = z.output<typeof StaticPayIdListItemSchema>;
export const StaticPayIdPageSchema = responseSchema("StaticPayIdPage", pageOf(StaticPayIdListItemSchema));

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
