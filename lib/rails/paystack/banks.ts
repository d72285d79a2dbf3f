/**
 * Banks as Paystack names them. Dedicated virtual accounts are issued at a bank chosen by its
 * Paystack slug (`preferred_bank`: `wema-bank`, `titan-paystack`; `GET
 * /dedicated_account/available_providers` lists an integration's); answers name a bank by
 * `{name, id, slug}` and payers' banks by name. This maps them to the built-in NIP list.
 */
import { findBank, NIGERIAN_BANKS } from "@/lib/bank/nigerian-banks";
import type { Bank } from "@/lib/bank/provider";
import type { RailBank } from "@/lib/rails/rail";

/** Paystack-Titan, the bank Paystack's own accounts are at (NIP institution code 100039). */
const TITAN = { bankCode: "100039", bankName: "Paystack-Titan" };

/** The banks this rail issues accounts at; the key is `paystack:<preferred_bank slug>`. */
export const PAYSTACK_ISSUE_BANKS: readonly RailBank[] = [
  { provider: "paystack:wema-bank", bankName: "Wema Bank", bankCode: "035" },
  { provider: "paystack:titan-paystack", bankName: TITAN.bankName, bankCode: TITAN.bankCode },
];

/** The Paystack slug of an issue key (`paystack:wema-bank` → `wema-bank`); null for a key this rail does not issue at. */
export function slugOf(provider: string): string | null {
  return PAYSTACK_ISSUE_BANKS.some((b) => b.provider === provider) ? provider.slice("paystack:".length) : null;
}

const SLUGS: Record<string, Bank> = {
  "wema-bank": { bankCode: "035", bankName: "Wema Bank" },
  "titan-paystack": TITAN,
  "paystack-titan": TITAN,
};

const normal = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/\b(plc|limited|ltd|nigeria|nig|of|mfb|microfinance)\b/g, " ")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

/**
 * A bank from what an answer says of it: its slug, NIP code or name (`Wema Bank`, `Titan
 * Paystack`, `First City Monument Bank`); undefined when unknown (the test bank of Paystack's
 * test mode, `test-bank`, is unknown).
 */
export function bankOf(value: { slug?: string | null; code?: string | null; name?: string | null }): Bank | undefined {
  const slug = value.slug?.trim().toLowerCase();
  if (slug && SLUGS[slug]) return SLUGS[slug];
  const code = value.code?.trim();
  if (code) {
    const byCode = code === TITAN.bankCode ? TITAN : findBank(code);
    if (byCode) return byCode;
  }
  const n = value.name ? normal(value.name) : "";
  if (!n) return undefined;
  if (n.includes("titan") && n.includes("paystack")) return TITAN;
  return NIGERIAN_BANKS.find((b) => normal(b.bankName) === n) ?? NIGERIAN_BANKS.find((b) => n.startsWith(`${normal(b.bankName)} `));
}
