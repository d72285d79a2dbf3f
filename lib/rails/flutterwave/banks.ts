/**
 * Banks as Flutterwave names them. Flutterwave reports banks by name in its answers
 * ("WEMA BANK", "ACCESS BANK NIGERIA", a payer's `bankname`): this maps a name or a code to
 * the built-in NIP list (lib/bank/nigerian-banks.ts).
 */
import { findBank, NIGERIAN_BANKS } from "@/lib/bank/nigerian-banks";
import type { Bank } from "@/lib/bank/provider";
import type { RailBank } from "@/lib/rails/rail";

/**
 * The banks Flutterwave issues NGN virtual account numbers at. The v3 create call takes no
 * bank: Flutterwave picks it (its documented answers show WEMA BANK), so there is one key, and
 * the bank an issued account is really at is read from the answer's `bank_name`.
 */
export const FLUTTERWAVE_ISSUE_BANKS: readonly RailBank[] = [{ provider: "flutterwave:wema", bankName: "Wema Bank", bankCode: "035" }];

export const findIssueBank = (provider: string) => FLUTTERWAVE_ISSUE_BANKS.find((b) => b.provider === provider);

const ALIASES: Record<string, string> = {
  gtbank: "058",
  gtb: "058",
  uba: "033",
  fcmb: "214",
  "first bank": "011",
  "stanbic ibtc": "221",
  "opay digital services": "999992",
  "palmpay limited": "999991",
  moniepoint: "50515",
};

const normal = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/\b(plc|limited|ltd|nigeria|nig|of)\b/g, " ")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

/** A bank by its NIP code or its name as Flutterwave writes it; undefined when unknown. */
export function bankByNameOrCode(value: string | null | undefined): Bank | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  const byCode = findBank(v);
  if (byCode) return byCode;
  const n = normal(v);
  if (!n) return undefined;
  const alias = ALIASES[n];
  if (alias) return findBank(alias);
  return (
    NIGERIAN_BANKS.find((b) => normal(b.bankName) === n) ?? NIGERIAN_BANKS.find((b) => n.startsWith(normal(b.bankName)) || normal(b.bankName).startsWith(n))
  );
}
