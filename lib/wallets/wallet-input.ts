import { z } from "zod";
import { pagingQueryFields } from "@/lib/lists/paging";
import { koboSchema } from "@/lib/money";

/** A daily limit in kobo (at least ₦100), or null for none. */
const nullOrKobo = "daily_limit must be an integer number of kobo or null";
const dailyLimit = koboSchema("daily_limit", { min: 10_000, messages: { required: nullOrKobo, type: nullOrKobo, max: "daily_limit is too large" } }).nullable();

const label = z.string({ error: "label must be a string or null" }).trim().max(100, "label must be at most 100 characters").nullable();

/** PATCH /v1/checkout/wallet: only the fields given change. */
export const UpdateWalletBody = z.object({
  name: z.string({ error: "name must be a string" }).trim().min(1, "name must be 1 to 100 characters").max(100, "name must be 1 to 100 characters").optional(),
  members_only: z.boolean({ error: "members_only must be a boolean" }).optional(),
  daily_limit: dailyLimit.optional(),
});
export type UpdateWalletBody = z.output<typeof UpdateWalletBody>;

/** POST /v1/checkout/wallet/members. */
export const AddMemberBody = z.object({
  pay_id: z
    .string({ error: (i) => (i.input === undefined ? "pay_id is required" : "pay_id must be a string") })
    .trim()
    .min(1, "pay_id is required")
    .max(80, "pay_id must be at most 80 characters"),
  label: label.optional(),
  daily_limit: dailyLimit.optional(),
});
export type AddMemberBody = z.output<typeof AddMemberBody>;

/** PATCH /v1/checkout/wallet/members/:payId: only the fields given change. */
export const UpdateMemberBody = z.object({ label: label.optional(), daily_limit: dailyLimit.optional() });
export type UpdateMemberBody = z.output<typeof UpdateMemberBody>;

export const ListMembersQuery = z.object({ ...pagingQueryFields });
export type ListMembersQuery = z.output<typeof ListMembersQuery>;
