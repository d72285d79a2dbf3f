import { z } from "zod";
import { nairaToKobo } from "./money";

const NAIRA = /^\d{1,10}(\.\d{1,2})?$/;

/**
 * What a person types as an amount on a hosted page ("2,500" or "2500.50"), as exact kobo
 * (no floating point on the way in, as DESIGN.md asks).
 */
export const NairaAmountInput = z
  .string()
  .trim()
  .transform((v) => v.replace(/,/g, ""))
  .refine((v) => NAIRA.test(v), "Enter an amount in naira, like 2500 or 2500.50")
  .transform((v) => nairaToKobo(v))
  .refine((k) => k >= 1, "Enter an amount greater than zero");
