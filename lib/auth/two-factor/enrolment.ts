import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db/client";
import { memberships, recoveryCodes, users, type User } from "@/db/schema";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { qrSvg } from "@/lib/qr-svg";
import { appError, invalidState } from "@/lib/errors";
import { openSecret, sealSecret } from "@/lib/security/secret-box";
import { verifyPassword } from "@/lib/users/password";
import { withSignInLimits } from "@/lib/users/sign-in-limits";
import { replaceRecoveryCodes, unusedRecoveryCodeCount } from "./recovery-codes";
import { checkSecondFactor, codeOrRecoveryCode, hasTwoFactor } from "./second-factor";
import { matchTotpStep, newTotpSecret, totpUri } from "./totp";

/**
 * Settings → Security, two-factor: start (a new secret, kept sealed as pending), confirm with a
 * code from it and the password (two-factor on, ten recovery codes shown once), new recovery
 * codes and turning off (both need the password and a code). The secret is sealed at rest
 * (secret-box.ts); every change is audited in each business the user belongs to.
 */

type UserActor = Actor;

export type TwoFactorStatus = { enabled: boolean; enabledAt: Date | null; recoveryCodesLeft: number };

export async function twoFactorStatus(db: DbOrTx, userId: string): Promise<TwoFactorStatus> {
  const user = await loadUser(db, userId);
  if (!hasTwoFactor(user)) return { enabled: false, enabledAt: null, recoveryCodesLeft: 0 };
  return { enabled: true, enabledAt: user.totpEnabledAt, recoveryCodesLeft: await unusedRecoveryCodeCount(db, userId) };
}

/** A new secret to enrol (replacing any unfinished one): the QR code to scan and the key to type. */
export async function startTwoFactorEnrolment(db: DbOrTx, input: { userId: string }): Promise<{ secret: string; uri: string; qrSvg: string }> {
  const user = await loadUser(db, input.userId);
  if (hasTwoFactor(user)) throw alreadyOn();
  const secret = newTotpSecret();
  const updated = await db
    .update(users)
    .set({ totpPendingSecret: sealSecret(secret) })
    .where(and(eq(users.id, user.id), isNull(users.totpSecret)))
    .returning({ id: users.id });
  if (updated.length !== 1) throw alreadyOn();
  const uri = totpUri(secret, user.email);
  return { secret, uri, qrSvg: await qrSvg(uri) };
}

/** Turns two-factor on with a code from the pending secret and the password; answers the ten recovery codes (the only time they exist in clear). */
export async function confirmTwoFactorEnrolment(
  db: Db,
  input: { userId: string; password: string; code: string; actor: UserActor },
  now = Date.now(),
): Promise<{ recoveryCodes: string[] }> {
  const user = await loadUser(db, input.userId);
  if (hasTwoFactor(user)) throw alreadyOn();
  const pending = user.totpPendingSecret;
  if (!pending) throw invalidState("Start setting up two-factor authentication first.");
  const matched: { step?: number } = {};
  await verifyUnderLimits(db, user, input, async () => {
    matched.step = matchTotpStep(openSecret(pending), input.code, now) ?? undefined;
    return matched.step !== undefined;
  });
  return db.transaction(async (tx) => {
    // Only the secret the code was checked against, and only once (a concurrent start or confirm loses).
    const enabled = await tx
      .update(users)
      .set({ totpSecret: pending, totpPendingSecret: null, totpEnabledAt: sql`now()`, totpLastStep: matched.step })
      .where(and(eq(users.id, user.id), eq(users.totpPendingSecret, pending), isNull(users.totpSecret)))
      .returning({ id: users.id });
    if (enabled.length !== 1) throw invalidState("Two-factor setup changed meanwhile: start again.");
    const codes = await replaceRecoveryCodes(tx, user.id);
    await auditInEachBusiness(tx, user.id, input.actor, "user.two_factor_enabled");
    return { recoveryCodes: codes };
  });
}

/** Ten new recovery codes, the old ones void; needs the password and a code (app or recovery). */
export async function regenerateRecoveryCodes(
  db: Db,
  input: { userId: string; password: string; code: string; actor: UserActor },
): Promise<{ recoveryCodes: string[] }> {
  const user = await loadUser(db, input.userId);
  if (!hasTwoFactor(user)) throw notOn();
  await verifyUnderLimits(db, user, input, async () => (await checkSecondFactor(db, user, codeOrRecoveryCode(input.code))) === null);
  return db.transaction(async (tx) => {
    const codes = await replaceRecoveryCodes(tx, user.id);
    await auditInEachBusiness(tx, user.id, input.actor, "user.recovery_codes_regenerated");
    return { recoveryCodes: codes };
  });
}

/** Turns two-factor off (secret and recovery codes gone); needs the password and a code (app or recovery). */
export async function turnOffTwoFactor(db: Db, input: { userId: string; password: string; code: string; actor: UserActor }): Promise<void> {
  const user = await loadUser(db, input.userId);
  if (!hasTwoFactor(user)) throw notOn();
  await verifyUnderLimits(db, user, input, async () => (await checkSecondFactor(db, user, codeOrRecoveryCode(input.code))) === null);
  await db.transaction(async (tx) => {
    const off = await tx
      .update(users)
      .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null })
      .where(and(eq(users.id, user.id), isNotNull(users.totpSecret)))
      .returning({ id: users.id });
    if (off.length !== 1) throw notOn();
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await auditInEachBusiness(tx, user.id, input.actor, "user.two_factor_disabled");
  });
}

// ---- helpers

async function loadUser(db: DbOrTx, userId: string): Promise<User> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw appError("UNAUTHENTICATED");
  return user;
}

const alreadyOn = () => invalidState("Two-factor authentication is already on.");
const notOn = () => invalidState("Two-factor authentication is not on.");

/**
 * The password, then the code, under the sign-in attempt limits (sign-in-limits.ts): a wrong
 * password or code here counts as a failed sign-in of the account, so a stolen session cannot
 * guess its way to the password or through the codes.
 */
async function verifyUnderLimits(db: Db, user: User, input: { password: string; actor: UserActor }, codeOk: () => Promise<boolean>): Promise<void> {
  const wrong: { what?: "password" | "code" } = {};
  let ok: User | null;
  try {
    ok = await withSignInLimits(db, { email: user.email, ip: input.actor.ip ?? "unknown", userAgent: input.actor.userAgent }, async () => {
      if (!(await verifyPassword(user.passwordHash, input.password))) {
        wrong.what = "password";
        return null;
      }
      if (!(await codeOk())) {
        wrong.what = "code";
        return null;
      }
      return user;
    });
  } catch (err) {
    const limited = err as { code?: unknown; userMessage?: unknown };
    if (limited?.code === "rate_limited" && typeof limited.userMessage === "string") throw appError("FORBIDDEN", { status: 429, message: limited.userMessage });
    throw err;
  }
  if (!ok) throw appError("VALIDATION_ERROR", { message: wrong.what === "password" ? "Incorrect password." : "Incorrect authentication code." });
}

async function auditInEachBusiness(tx: DbOrTx, userId: string, actor: UserActor, action: string): Promise<void> {
  const rows = await tx.select({ merchantId: memberships.merchantId }).from(memberships).where(eq(memberships.userId, userId));
  for (const r of rows) await recordAudit(tx, { merchantId: r.merchantId, actor, action, targetType: "user", targetId: userId });
}
