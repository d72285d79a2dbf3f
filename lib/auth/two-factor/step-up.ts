import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { users } from "@/db/schema";
import { appError } from "@/lib/errors";
import { checkSecondFactor, codeOrRecoveryCode, hasTwoFactor } from "./second-factor";

/** Whether a member must give their second factor again to move money (they have two-factor on). */
export async function needsStepUp(db: DbOrTx, userId: string): Promise<boolean> {
  const [user] = await db.select({ totpSecret: users.totpSecret, totpEnabledAt: users.totpEnabledAt }).from(users).where(eq(users.id, userId));
  return Boolean(user && hasTwoFactor(user));
}

/**
 * The second factor asked again at the moment money leaves (issue 25: "Send money" in the
 * dashboard): a member with two-factor on gives a current app code (accepted once) or a
 * recovery code (used up); without one, or with a wrong one, nothing is sent. A member
 * without two-factor passes (their business may require it: merchantAction's gate).
 */
export async function requireStepUp(db: DbOrTx, userId: string, code: string | undefined, now = Date.now()): Promise<void> {
  const [user] = await db.select({ id: users.id, totpSecret: users.totpSecret, totpEnabledAt: users.totpEnabledAt }).from(users).where(eq(users.id, userId));
  if (!user || !hasTwoFactor(user)) return;
  const problem = await checkSecondFactor(db, user, code?.trim() ? codeOrRecoveryCode(code) : {}, now);
  if (!problem) return;
  throw appError("FORBIDDEN", {
    message: code?.trim()
      ? "That code is not right. Enter the current code from your authenticator app (or a recovery code)."
      : "Enter the code from your authenticator app to send money.",
  });
}
