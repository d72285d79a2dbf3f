import { and, eq, isNotNull } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db/client";
import { memberships, merchants, users } from "@/db/schema";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { AppError, appError, invalidState } from "@/lib/errors";

/**
 * An owner can require two-factor sign-in for the whole team (merchants.require_two_factor).
 * Then a member without it can open only Settings → Security (to set it up) in that business:
 * every other dashboard page sends them there (getDashboardContext) and every dashboard action
 * refuses (merchantAction), with this message.
 */
export const TWO_FACTOR_SETUP_PATH = "/dashboard/settings/security";
export const TWO_FACTOR_REQUIRED_MESSAGE = "Your business requires two-factor authentication. Set it up in Settings → Security.";

/** Whether this member must set up two-factor before working in this business. One query, only when the business requires it. */
export async function mustSetUpTwoFactor(ctx: { db: DbOrTx; user: { id: string }; merchant: { requireTwoFactor: boolean } }): Promise<boolean> {
  if (!ctx.merchant.requireTwoFactor) return false;
  const [row] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, ctx.user.id), isNotNull(users.totpSecret), isNotNull(users.totpEnabledAt)))
    .limit(1);
  return !row;
}

export function twoFactorRequiredError(): AppError {
  return appError("FORBIDDEN", { message: TWO_FACTOR_REQUIRED_MESSAGE });
}

/**
 * Turns the team requirement on or off (audited `merchant.two_factor_requirement_changed`). Owners
 * only (checked again here, in the database); an owner turns it on only with two-factor on
 * themselves, so the business is never locked out by its own owner.
 */
export async function setTwoFactorRequirement(
  db: Db,
  input: { merchantId: string; userId: string; actor: Actor; required: boolean },
): Promise<{ required: boolean }> {
  return db.transaction(async (tx) => {
    const [me] = await tx
      .select({ role: memberships.role, totpEnabledAt: users.totpEnabledAt })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.merchantId, input.merchantId), eq(memberships.userId, input.userId)));
    if (me?.role !== "owner") throw appError("FORBIDDEN", { message: "Only an owner can change this." });
    if (input.required && !me.totpEnabledAt) {
      throw invalidState("Turn on two-factor authentication for yourself first.");
    }
    const [before] = await tx.select({ required: merchants.requireTwoFactor }).from(merchants).where(eq(merchants.id, input.merchantId)).for("update");
    if (!before) throw appError("NOT_FOUND", { message: "Business not found." });
    if (before.required === input.required) return { required: input.required };
    await tx.update(merchants).set({ requireTwoFactor: input.required }).where(eq(merchants.id, input.merchantId));
    await recordAudit(tx, {
      merchantId: input.merchantId,
      actor: input.actor,
      action: "merchant.two_factor_requirement_changed",
      targetType: "merchant",
      targetId: input.merchantId,
      changes: { require_two_factor: { from: before.required, to: input.required } },
    });
    return { required: input.required };
  });
}
