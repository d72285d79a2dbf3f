import { z } from "zod";
import { findBank } from "./nigerian-banks";

/**
 * The account an admin sends money back to (a suspense item's payer, a statement line's
 * sender): a bank from the list, ten digits, the name on the account. The fields of the Rails
 * page's return and of reconciliation's proposed return, in the admin's words.
 */
export const ReturnAccountFields = {
  bankCode: z
    .string()
    .trim()
    .min(1, "Choose the payer's bank")
    .refine((code) => findBank(code) !== undefined, "Choose the payer's bank from the list"),
  accountNumber: z
    .string()
    .trim()
    .regex(/^\d{10}$/, "The account number is 10 digits"),
  accountName: z.string().trim().min(1, "Enter the name on the account").max(200, "At most 200 characters"),
};
