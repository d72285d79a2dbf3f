import NextAuth from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { z } from "zod";
import { getDb } from "@/db/client";
import { checkSecondFactor, secondFactorInput } from "@/lib/auth/two-factor/second-factor";
import { isTwoFactorRequired } from "@/lib/auth/two-factor/sign-in-errors";
import { recordSignIn } from "@/lib/audit/record-sign-in";
import { logError } from "@/lib/log";
import { clientIp } from "@/lib/client-ip";
import { findUserByEmail } from "@/lib/users/create-user";
import { authConfig } from "./auth.config";
import { checkSessionToken } from "./session-check";
import { verifyPassword } from "@/lib/users/password";
import { withSignInLimits } from "@/lib/users/sign-in-limits";
import { startUserSession } from "@/lib/users/user-sessions";

const SignInInput = z.object({ email: z.string().trim().toLowerCase().max(254), password: z.string().min(1).max(200) });

export const {
  handlers,
  auth,
  signIn,
  signOut,
  unstable_update: updateSession,
} = NextAuth({
  ...authConfig,
  callbacks: {
    ...authConfig.callbacks,
    // Node only (the proxy keeps auth.config's edge-safe callback): the session version check.
    async jwt({ token, user, trigger, session }) {
      return checkSessionToken(await getDb(), { token, user, trigger, session });
    },
  },
  logger: {
    // A wrong password is an expected outcome, not a server error worth a stack trace.
    error(error) {
      if ((error as { type?: string }).type === "CredentialsSignin") return;
      logError("auth error", { error });
    },
  },
  providers: [
    Credentials({
      credentials: { email: { label: "Email" }, password: { label: "Password", type: "password" } },
      authorize: authorizeCredentials,
    }),
  ],
});

/**
 * The credentials check behind sign-in (exported for tests). Per-account and per-IP attempt
 * limits (sign-in-limits.ts) come first: a locked account or IP throws SignInRateLimited and
 * costs no argon2 time. A user with two-factor on also needs `code` (app) or `recoveryCode`:
 * without one, TwoFactorRequired; a wrong one counts as a failed attempt (IncorrectTwoFactorCode,
 * IncorrectRecoveryCode).
 */
export async function authorizeCredentials(raw: Partial<Record<string, unknown>>, request: Request) {
  const parsed = SignInInput.safeParse(raw);
  if (!parsed.success) return null;
  const db = await getDb();
  const { email, password } = parsed.data;
  const refused: { secondFactor?: Error } = {};
  const user = await withSignInLimits(db, { email, ip: clientIp(request), userAgent: request.headers.get("user-agent")?.slice(0, 300) }, async () => {
    const found = await findUserByEmail(db, email);
    // Verify against a dummy hash when the user is unknown, so timing does not reveal it.
    const ok = await verifyPassword(found?.passwordHash ?? DUMMY_HASH, password);
    if (!found || !ok) return null;
    // Two-factor (two-factor/second-factor.ts), only once the password is right. No code yet is
    // not a failed attempt (thrown: un-counted; the form asks for the code); a wrong code is one.
    const second = await checkSecondFactor(db, found, secondFactorInput(raw));
    if (isTwoFactorRequired(second)) throw second;
    if (second) {
      refused.secondFactor = second;
      return null;
    }
    return found;
  });
  if (refused.secondFactor) throw refused.secondFactor;
  if (!user) return null;
  await recordSignIn(db, { userId: user.id, headers: request.headers });
  const sid = await startUserSession(db, {
    userId: user.id,
    sessionVersion: user.sessionVersion,
    userAgent: request.headers.get("user-agent"),
    ip: clientIp(request),
  });
  return { id: user.id, email: user.email, name: user.name, isAdmin: user.isAdmin, sid };
}

const DUMMY_HASH = "$argon2id$v=19$m=19456,t=2,p=1$idk7/l61Poy2xnAmDw8+Qw$llJw3DMtLYhbCUTpfmUgqQk+CgqexKq79XoCYzLuFNA";
