import { z } from "zod";
import { pagingQueryFields } from "@/lib/lists/paging";
import { koboSchema } from "@/lib/money";
import { TRANSFER_AMOUNT_LIMITS } from "./transfer-amount-field";

const amount = koboSchema("amount", { min: TRANSFER_AMOUNT_LIMITS.minKobo, max: TRANSFER_AMOUNT_LIMITS.maxKobo });

const required = (field: string, what: string) => ({
  error: (i: { input: unknown }) => (i.input === undefined ? `${field} is required` : `${field} must be ${what}`),
});

/** The recipient's bank account, as a transfer and a name enquiry (resolve-account) take it. */
export const accountNumber = z.string(required("account_number", "a string of 10 digits")).regex(/^\d{10}$/, "account_number must be 10 digits");
export const bankCode = z.string(required("bank_code", "a string")).trim().min(1, "bank_code is required").max(10, "bank_code must be at most 10 characters");

const common = {
  amount,
  narration: z.string({ error: "narration must be a string" }).max(100, "narration must be at most 100 characters").optional(),
  reference: z
    .string({ error: "reference must be a string" })
    .trim()
    .min(1, "reference must not be empty")
    .max(128, "reference must be at most 128 characters")
    .optional(),
  metadata: z.record(z.string(), z.unknown(), { error: "metadata must be an object" }).optional(),
};

const BankTransferBody = z.object({
  type: z.literal("bank_transfer"),
  account_number: accountNumber,
  bank_code: bankCode,
  account_name: z
    .string(required("account_name", "a string"))
    .trim()
    .min(1, "account_name is required")
    .max(200, "account_name must be at most 200 characters"),
  ...common,
});

const PayIdTransferBody = z.object({
  type: z.literal("payid"),
  pay_id: z.string(required("pay_id", "a string")).trim().min(1, "pay_id is required").max(80, "pay_id must be at most 80 characters"),
  ...common,
});

/** POST /v1/checkout/transfer: api.md's two bodies, told apart by `type`. */
export const InitiateTransferBody = z.discriminatedUnion("type", [BankTransferBody, PayIdTransferBody], {
  error: (i) =>
    i.input === undefined || (typeof i.input === "object" && i.input !== null && (i.input as { type?: unknown }).type === undefined)
      ? "type is required"
      : "type must be one of bank_transfer, payid",
});
export type InitiateTransferBody = z.output<typeof InitiateTransferBody>;

export const ChargesBody = z.object({
  amount,
  bank_code: bankCode,
});

export const ListTransfersQuery = z.object({
  ...pagingQueryFields,
  status: z.enum(["pending", "completed", "failed"], { error: "status must be one of pending, completed, failed" }).optional(),
  type: z.enum(["bank_transfer", "payid"], { error: "type must be one of bank_transfer, payid" }).optional(),
  search: z.string().trim().max(128, "search must be at most 128 characters").optional(),
});
export type ListTransfersQuery = z.output<typeof ListTransfersQuery>;
