import type { AmountValidation } from "@/db/schema";

/**
 * api.md amount validation (A0–A5), in kobo. The rules apply only when an amount is set;
 * with none every payment is accepted.
 */
export function amountAccepted(rule: AmountValidation, expected: number | null, paid: number): boolean {
  if (expected === null) return true;
  switch (rule) {
    case "A0":
      return paid === expected;
    case "A1":
      return paid < expected;
    case "A2":
      return paid > expected;
    case "A3":
      return paid <= expected;
    case "A4":
      return paid >= expected;
    case "A5":
      return true;
  }
}
