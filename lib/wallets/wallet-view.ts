import { z } from "zod";
import { kobo, pageOf, responseSchema, timestamp } from "@/lib/response-schema";

/** Supplement §7's Wallet object. */
export const WalletSchema = responseSchema(
  "Wallet",
  z.object({
    pay_id: z.string(),
    name: z.string(),
    currency: z.literal("NGN"),
    available_balance: kobo(),
    members_only: z.boolean(),
    daily_limit: kobo().nullable(),
    spent_today: kobo().meta({ description: "Transfers out today (Lagos day, pending and completed, amount plus fees), in kobo" }),
    created_at: timestamp(),
  }),
  "The key's linked wallet and its settings (supplement §7).",
);
export type WalletView = z.output<typeof WalletSchema>;

/** Supplement §7's Member object: a PayID the wallet pays often (`name`: the member PayID's display name). */
export const MemberSchema = responseSchema(
  "Member",
  z.object({ pay_id: z.string(), name: z.string(), label: z.string().nullable(), daily_limit: kobo().nullable(), created_at: timestamp() }),
  "A PayID the wallet pays often (a saved recipient).",
);
export type MemberView = z.output<typeof MemberSchema>;
export const MemberPageSchema = responseSchema("MemberPage", pageOf(MemberSchema));

/** The linked wallet's balance (GET /v1/checkout/transfer/balance, sandbox funding). */
export const BalanceSchema = responseSchema("Balance", z.object({ available_balance: kobo(), currency: z.literal("NGN") }));
