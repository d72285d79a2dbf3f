import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import type { Actor } from "@/lib/audit/record-audit";
import { verifyPassword } from "./password";
import { signInFailureMessage, withSignInLimits } from "./sign-in-limits";
import { appError } from "@/lib/errors";
import { parseOrThrow } from "@/lib/validation";
import { setPassword } from "./set-password";
import { auditUserEvent } from "./user-audit";
import { Password } from "./user-input";

const ChangePasswordInput = z.object({ currentPassword: z.string().min(1, "current password is required").max(200), newPassword: Password });

export const WRONG_CURRENT_PASSWORD = "Your current password is not correct.";

/**
 * A signed-in user changes their password: the current one is checked under the sign-in
 * attempt limits (a stolen session cannot guess it at leisure), the new one follows the
 * sign-up rules. Bumps the session version (every session ends; the caller re-issues its own
 * with the answered version) and audits `user.password_changed`.
 */
export async function changePassword(
  db: Db,
  input: { userId: string; currentPassword: string; newPassword: string; actor: Actor; ip: string },
): Promise<{ sessionVersion: number }> {
  const data = parseOrThrow(ChangePasswordInput, { currentPassword: input.currentPassword, newPassword: input.newPassword });
  const [user] = await db.select().from(users).where(eq(users.id, input.userId)).limit(1);
  if (!user) throw appError("UNAUTHENTICATED");
  let ok: { id: string } | null;
  try {
    ok = await withSignInLimits(db, { email: user.email, ip: input.ip, userAgent: input.actor.userAgent }, async () =>
      (await verifyPassword(user.passwordHash, data.currentPassword)) ? user : null,
    );
  } catch (err) {
    const e = err as { code?: unknown };
    if (e?.code === "rate_limited") throw appError("HTTP_ERROR", { status: 429, message: signInFailureMessage(err) });
    throw err;
  }
  if (!ok) throw appError("VALIDATION_ERROR", { message: WRONG_CURRENT_PASSWORD });
  return db.transaction(async (tx) => {
    const sessionVersion = await setPassword(tx, user, data.newPassword);
    await auditUserEvent(tx, { userId: user.id, actor: input.actor, action: "user.password_changed" });
    return { sessionVersion };
  });
}
