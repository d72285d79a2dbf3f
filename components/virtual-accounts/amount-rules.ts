/** api.md's amount validation rules, as people read them. */
export const AMOUNT_RULE_LABELS = {
  A0: "Exactly the amount",
  A1: "Less than the amount",
  A2: "More than the amount",
  A3: "The amount or less",
  A4: "The amount or more",
  A5: "Any amount",
} as const;

export type AmountRule = keyof typeof AMOUNT_RULE_LABELS;
