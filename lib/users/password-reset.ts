import { and, eq, gt, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { passwordResets, users } from "@/db/schema";
import type { Actor } from "@/lib/audit/record-audit";
import { appError } from "@/lib/errors";
import { sendMail, smtpConfigured, type MailResult } from "@/lib/mail/mailer";
import { hashInvitationToken as hashToken, isInvitationTokenShape as isTokenShape, newInvitationToken as newToken } from "./invitation-token";
import { parseOrThrow } from "@/lib/validation";
import { INVALID_RESET_LINK } from "./reset-messages";
import { countAttempt, PASSWORD_RESET_LIMITS } from "./attempt-limits";
import { findUserByEmail } from "./create-user";
import { setPassword } from "./set-password";
import { auditUserEvent } from "./user-audit";
import { Email, Password } from "./user-input";

/**
 * Forgot-password by email. A request mails a one-time link (32 random bytes, base64url; only
 * its SHA-256 is stored in password_resets), valid 30 minutes and used once. Using it sets the
 * new password (lib/users/set-password.ts: every session ends, sign-in failures cleared).
 */
export const PASSWORD_RESET_TTL_MS = 30 * 60 * 1000;

export { INVALID_RESET_LINK, RESET_REQUESTED_MESSAGE } from "./reset-messages";

/**
 * Where forgot-password links are emailed from, or null when they cannot be (no SMTP server, or
 * no address the link may point at: mailLinkBase), and the operator resets passwords instead.
 */
export function resetLinkBase(mailLinkBase: string | null): string | null {
  return smtpConfigured() && mailLinkBase ? mailLinkBase : null;
}

export function passwordResetLink(baseUrl: string, token: string): string {
  return `${baseUrl.replace(/\/+$/, "")}/reset-password/${token}`;
}

/**
 * Counts the request (per email and IP, before anything else), then, only when the account
 * exists, stores a reset and answers its link and a `deliver` that mails it. The caller answers
 * RESET_REQUESTED_MESSAGE either way and may run `deliver` after responding (same timing).
 */
export async function requestPasswordReset(
  db: Db,
  input: { email: string; ip: string; baseUrl: string; now?: Date },
): Promise<{ link: string | null; deliver: () => Promise<MailResult | null> }> {
  const { email } = parseOrThrow(z.object({ email: Email }), { email: input.email });
  await countAttempt(db, PASSWORD_RESET_LIMITS, { email, ip: input.ip });
  const user = await findUserByEmail(db, email);
  if (!user) return { link: null, deliver: async () => null };
  const token = newToken();
  const now = input.now ?? new Date();
  await db.insert(passwordResets).values({ userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MS) });
  const link = passwordResetLink(input.baseUrl, token);
  const text = [
    "Someone (we hope you) asked to reset the password of your Owo account.",
    "",
    `Choose a new password: ${link}`,
    "",
    "The link works once and expires in 30 minutes. Using it signs out every session of your account.",
    "If you did not ask for this, ignore this email: your password stays as it is.",
  ].join("\n");
  return { link, deliver: () => sendMail({ to: user.email, subject: "Reset your Owo password", text, purpose: "password reset" }) };
}

/** The account a reset link is for, while it is usable (unused, unexpired); else null. */
export async function findPasswordReset(db: Db, token: string, now = new Date()): Promise<{ email: string } | null> {
  if (!isTokenShape(token)) return null;
  const [row] = await db
    .select({ email: users.email })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(and(eq(passwordResets.tokenHash, hashToken(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

/**
 * Uses a reset link: marks it used (one conditional UPDATE: of concurrent uses exactly one wins)
 * and sets the password, in one transaction; the user's other outstanding links are spent too.
 * Audited as `user.password_reset`.
 */
export async function resetPassword(db: Db, input: { token: string; password: string; actor: Actor; now?: Date }): Promise<{ email: string }> {
  const { password } = parseOrThrow(z.object({ password: Password }), { password: input.password });
  if (!isTokenShape(input.token)) throw invalidLink();
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.tokenHash, hashToken(input.token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
      .returning({ userId: passwordResets.userId });
    if (!used) throw invalidLink();
    const [user] = await tx.select().from(users).where(eq(users.id, used.userId));
    if (!user) throw invalidLink();
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    await setPassword(tx, user, password);
    await auditUserEvent(tx, {
      userId: user.id,
      actor: { ...input.actor, userId: user.id },
      action: "user.password_reset",
      changes: { by: { to: "email link" } },
    });
    return { email: user.email };
  });
}

const invalidLink = () => appError("VALIDATION_ERROR", { message: INVALID_RESET_LINK });
