import type { NextAuthConfig } from "next-auth";

/**
 * The edge-safe half of the Auth.js config (no database, no argon2): what proxy.ts needs to
 * decide who may see /dashboard and /admin.
 */
/**
 * Whether the app is served over https, from its configured public URL (AUTH_URL, else
 * APP_URL). Then every cookie is Secure and the session cookie is
 * `__Secure-authjs.session-token` (HttpOnly, SameSite=Lax, Path=/). Local http (`npm start` on
 * localhost) keeps plain names, since a browser drops Secure cookies over http. With neither
 * URL set, Auth.js decides per request from its protocol (x-forwarded-proto behind a proxy).
 */
export function appUsesHttps(env: Record<string, string | undefined> = process.env): boolean | undefined {
  const url = env.AUTH_URL?.trim() || env.APP_URL?.trim();
  return url ? url.toLowerCase().startsWith("https:") : undefined;
}

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
      return session;
    },
  },
} satisfies NextAuthConfig;
