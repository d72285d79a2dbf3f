import type { NextAuthConfig } from "next-auth";
import { appUsesHttps } from "@/lib/security/app-https";

/**
 * The edge-safe half of the Auth.js config (no database, no argon2): what proxy.ts needs to
 * decide who may see /dashboard and /admin. Cookies are Secure when the app is served over
 * https (appUsesHttps, lib/security/app-https.ts).
 */
export const authConfig = {
  trustHost: true,
  useSecureCookies: appUsesHttps(),
  pages: { signIn: "/sign-in" },
  session: { strategy: "jwt", maxAge: 60 * 60 * 12 },
  providers: [],
  callbacks: {
    authorized({ auth, request }) {
      const path = request.nextUrl.pathname;
      const signedIn = Boolean(auth?.user);
      if (path.startsWith("/admin")) {
        if (!signedIn) return false;
        return auth?.user?.isAdmin ? true : Response.redirect(new URL("/dashboard", request.nextUrl));
      }
      if (path.startsWith("/dashboard")) return signedIn;
      return true;
    },
    jwt({ token, user }) {
      if (user) {
        token.uid = user.id!;
        token.isAdmin = Boolean(user.isAdmin);
      }
      return token;
    },
    session({ session, token }) {
      session.user.id = token.uid as string;
      session.user.isAdmin = Boolean(token.isAdmin);
      // This browser's row in user_sessions (Settings → Security marks it "this device").
      session.user.sessionId = typeof token.sid === "string" ? token.sid : null;
      return session;
    },
  },
} satisfies NextAuthConfig;
