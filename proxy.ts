import NextAuth from "next-auth";
import { authConfig } from "@/lib/auth/auth.config";

const { auth } = NextAuth(authConfig);

// Guards /dashboard (signed in) and /admin (platform admins) before any page renders.
// The pages and server actions check again: the proxy is a gate, not the only lock.
export const proxy = auth;

export const config = { matcher: ["/dashboard/:path*", "/admin/:path*"] };
