import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { users, type User } from "@/db/schema";
import { openSecret } from "@/lib/security/secret-box";
import { consumeRecoveryCode } from "./recovery-codes";
import { IncorrectRecoveryCode, IncorrectTwoFactorCode, TwoFactorRequired } from "./sign-in-errors";
import { matchTotpStep } from "./totp";

/** What a second step may carry: a code from the app, or a recovery code. */
export type SecondFactorInput = { code?: string; recoveryCode?: string };

export function hasTwoFactor(user: Pick<User, "totpSecret" | "totpEnabledAt">): boolean {
  return Boolean(user.totpSecret && user.totpEnabledAt);
}

/** The second step's fields from a submitted form (anything not a short string is ignored). */
export function secondFactorInput(raw: Partial<Record<string, unknown>>): SecondFactorInput {
  const pick = (v: unknown) => (typeof v === "string" && v.trim() && v.length <= 64 ? v.trim() : undefined);
  return { code: pick(raw.code), recoveryCode: pick(raw.recoveryCode) };
}

/**
 * One field that takes either (the settings forms): six digits are an app code, anything else
 * is tried as a recovery code.
 */
export function codeOrRecoveryCode(value: string): SecondFactorInput {
  const v = value.trim();
  return /^\d{3}\s?\d{3}$/.test(v) ? { code: v } : { recoveryCode: v };
}

/**
 * Accepts an app code at most once: the step it matches must be later than the last step
 * accepted, recorded by one conditional UPDATE (of two concurrent uses of a code, one updates
 * the row and the other then finds `totp_last_step` no longer below its step). The stored
 * secret must still be the one checked (turned off or replaced meanwhile: refused).
 */
export async function acceptTotpCode(db: DbOrTx, user: Pick<User, "id" | "totpSecret">, code: string, now = Date.now()): Promise<boolean> {
  if (!user.totpSecret) return false;
  const step = matchTotpStep(openSecret(user.totpSecret), code, now);
  if (step === null) return false;
  const updated = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, user.id), eq(users.totpSecret, user.totpSecret), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return updated.length === 1;
}

/**
 * The second step for a user whose password was just verified: null when they may go on (no
 * two-factor, or a right code), else why not: TwoFactorRequired when no code came, or the
 * wrong-code error. A recovery code is used up by the check.
 */
export async function checkSecondFactor(
  db: DbOrTx,
  user: Pick<User, "id" | "totpSecret" | "totpEnabledAt">,
  input: SecondFactorInput,
  now = Date.now(),
): Promise<TwoFactorRequired | IncorrectTwoFactorCode | IncorrectRecoveryCode | null> {
  if (!hasTwoFactor(user)) return null;
  if (input.recoveryCode) return (await consumeRecoveryCode(db, user.id, input.recoveryCode)) ? null : new IncorrectRecoveryCode();
  if (input.code) return (await acceptTotpCode(db, user, input.code, now)) ? null : new IncorrectTwoFactorCode();
  return new TwoFactorRequired();
}
