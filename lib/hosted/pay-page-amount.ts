import type { AmountValidation } from "@/db/schema";
import type { PayPagePayId } from "./pay-page-payid";

/** api.md's amount rules (A0–A5) as the PayID pay page says them under the amount. */
const RULE_NOTES: Record<AmountValidation, string> = {
  A0: "Pay exactly this amount",
  A1: "Pay less than this amount",
  A2: "Pay more than this amount",
  A3: "Pay this amount or less",
  A4: "Pay this amount or more",
  A5: "Any amount is accepted",
};

/** What the PayID pay page (app/p/[payId]) says and suggests about the amount, by the PayID's rule. */
export type PayPageAmount = {
  /** Under the amount in the summary; none when the PayID names no amount. */
  note: string | undefined;
  /** The instructions say "exactly": a checkout's PayID, or rule A0. */
  exact: boolean;
  /** Kobo the test-mode payment starts with, one the rule accepts (A1: ₦1 less, A2: ₦1 more); null without an amount. */
  sample: number | null;
};

export function payPageAmount(found: Pick<PayPagePayId, "amount" | "amountValidation" | "session">): PayPageAmount {
  const { amount, amountValidation: rule, session } = found;
  const note = session ? "Checkout payment" : amount !== null && rule ? RULE_NOTES[rule] : undefined;
  const exact = session !== null || rule === "A0";
  if (amount === null) return { note, exact, sample: null };
  const shift = rule === "A1" ? -100 : rule === "A2" ? 100 : 0;
  return { note, exact, sample: Math.max(1, amount + shift) };
}
