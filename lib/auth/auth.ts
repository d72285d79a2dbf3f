import NextAuth from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { z } from "zod";
import { getDb } from "@/db/client";
import { logError } from "@/lib/log";
import { findUserByEmail } from "@/lib/users/create-user";
import { authConfig } from "./auth.config";
import { verifyPassword } from "./password";

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
      async authorize(raw) {
        const parsed = SignInInput.safeParse(raw);
        if (!parsed.success) return null;
        const user = await findUserByEmail(await getDb(), parsed.data.email);
        // Verify against a dummy hash when the user is unknown, so timing does not reveal it.
        const ok = await verifyPassword(user?.passwordHash ?? DUMMY_HASH, parsed.data.password);
        if (!user || !ok) return null;
        return { id: user.id, email: user.email, name: user.name, isAdmin: user.isAdmin };
      },
    }),
  ],
});

const DUMMY_HASH = "$argon2id$v=19$m=19456,t=2,p=1$idk7/l61Poy2xnAmDw8+Qw$llJw3DMtLYhbCUTpfmUgqQk+CgqexKq79XoCYzLuFNA";
