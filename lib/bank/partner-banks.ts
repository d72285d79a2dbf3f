import type { AmountValidation } from "@/db/schema";

/** A bank that issues virtual accounts for Owo. `provider` is the partner key (api.md `provider`). */
export type PartnerBank = {
  provider: string;
  bankName: string;
  /** CBN code: the NUBAN check digit is computed over it. */
  bankCode: string;
  /** The rule the bank applies to an account when the caller names none (api.md "the bank's own default"). */
  defaultAmountValidation: AmountValidation;
};

/** The partner banks virtual accounts rotate across: the bank differs between accounts. */
export const PARTNER_BANKS: readonly PartnerBank[] = [
  { provider: "wema", bankName: "Wema Bank", bankCode: "035", defaultAmountValidation: "A0" },
  { provider: "providus", bankName: "Providus Bank", bankCode: "101", defaultAmountValidation: "A0" },
  { provider: "sterling", bankName: "Sterling Bank", bankCode: "232", defaultAmountValidation: "A4" },
];

const BY_PROVIDER = new Map(PARTNER_BANKS.map((b) => [b.provider, b]));

export function findPartnerBank(provider: string): PartnerBank | undefined {
  return BY_PROVIDER.get(provider);
}

/** The amount rule a bank applies when the caller names none: the sandbox partner's own, else A0 (any amount the account allows). */
export function defaultAmountValidation(provider: string): AmountValidation {
  return findPartnerBank(provider)?.defaultAmountValidation ?? "A0";
}

const g = globalThis as unknown as { __owoPartnerTurn?: number };

/**
 * The next partner in turn. Round robin (from a random start per process) rather than pure
 * chance, so consecutive accounts always land at different banks.
 */
export function nextPartnerBank(): PartnerBank {
  g.__owoPartnerTurn ??= Math.floor(Math.random() * PARTNER_BANKS.length);
  const bank = PARTNER_BANKS[g.__owoPartnerTurn % PARTNER_BANKS.length]!;
  g.__owoPartnerTurn = (g.__owoPartnerTurn + 1) % PARTNER_BANKS.length;
  return bank;
}
