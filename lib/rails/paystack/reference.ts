/**
 * Owo's references in the forms Paystack takes.
 *
 * - Transfers (`POST /transfer` `reference`, the idempotency key): "a lowercase alphanumeric
 *   string with only -,_ symbols allowed", at least 16 characters (OpenAPI `TransferInitiate`;
 *   the transfer guide adds at most 50).
 * - Transactions (`POST /charge` `reference`): "Only -, ., = and alphanumeric characters are
 *   allowed" (API errors, Transactions). Case is kept.
 */
import { createHash } from "node:crypto";

const TRANSFER_FORM = /^[a-z0-9_-]{16,50}$/;
const TRANSACTION_FORM = /^[A-Za-z0-9.=-]{1,100}$/;

const digest = (value: string) => createHash("sha256").update(value, "utf8").digest("hex");

/**
 * Owo's payout or refund reference as Paystack takes it. Deterministic (a repeated call and
 * the webhook carry the same string) and one-to-one for Owo's references:
 *
 * - one in a single case that fits once lowercased passes lowercased: `TRF_…` (Owo's
 *   transfers are upper case), refund ids (lowercase UUIDs) and `SUSRET_…` stay readable on
 *   Paystack's dashboard, and a webhook's lowercase reference names the same payout;
 * - anything else (mixed case, which lowercasing would merge; other characters; too short or
 *   long) becomes `owo--` and 45 hex characters of its SHA-256 (50 in all).
 */
export function providerReference(owoReference: string): string {
  const lower = owoReference.toLowerCase();
  const singleCase = owoReference === lower || owoReference === owoReference.toUpperCase();
  if (singleCase && TRANSFER_FORM.test(lower) && !lower.startsWith("owo--")) return lower;
  return `owo--${digest(owoReference).slice(0, 45)}`;
}

/**
 * Owo's reference of a one-off account as the reference of its pay-with-transfer charge.
 * Deterministic and one-to-one, in three forms that cannot meet:
 *
 * - a reference Paystack takes as it is and that has no `-`: unchanged (no `-`);
 * - letters, digits and `_` (Owo's `VA_…` ids): each `_` written as `-` (always has a `-`,
 *   never a `.`);
 * - anything else: `owo.` and the SHA-256 in hex (has a `.`, no `-`; a reference starting
 *   with `owo.` is never passed unchanged).
 */
export function chargeReference(owoReference: string): string {
  if (TRANSACTION_FORM.test(owoReference) && !owoReference.includes("-") && !owoReference.startsWith("owo.")) return owoReference;
  if (/^[A-Za-z0-9_]{1,100}$/.test(owoReference)) return owoReference.replace(/_/g, "-");
  return `owo.${digest(owoReference).slice(0, 60)}`;
}
