import NextAuth from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { z } from "zod";
import { getDb } from "@/db/client";
import { recordSignIn } from "@/lib/audit/record-sign-in";
import { logError } from "@/lib/log";
import { clientIp } from "@/lib/http/client-ip";
import { findUserByEmail } from "@/lib/users/create-user";
import { authConfig } from "./auth.config";
import { verifyPassword } from "./password";
import { withSignInLimits } from "./sign-in-limits";

const SignInInput = z.object({ email: z.string().trim().toLowerCase().max(254), password: z.string().min(1).max(200) });

export const { handlers, auth, signIn, signOut } = NextAuth({
  ...authConfig,
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
 * costs no argon2 time.
 */
export async function authorizeCredentials(raw: Partial<Record<string, unknown>>, request: Request) {
  const parsed = SignInInput.safeParse(raw);
  if (!parsed.success) return null;
  const db = await getDb();
  const { email, password } = parsed.data;
  const user = await withSignInLimits(db, { email, ip: clientIp(request), userAgent: request.headers.get("user-agent")?.slice(0, 300) }, async () => {
    const found = await findUserByEmail(db, email);
    // Verify against a dummy hash when the user is unknown, so timing does not reveal it.
    const ok = await verifyPassword(found?.passwordHash ?? DUMMY_HASH, password);
    return found && ok ? found : null;
  });
  if (!user) return null;
  await recordSignIn(db, { userId: user.id, headers: request.headers });
  return { id: user.id, email: user.email, name: user.name, isAdmin: user.isAdmin };
}

const DUMMY_HASH = "$argon2id$v=19$m=19456,t=2,p=1$idk7/l61Poy2xnAmDw8+Qw$llJw3DMtLYhbCUTpfmUgqQk+CgqexKq79XoCYzLuFNA";
