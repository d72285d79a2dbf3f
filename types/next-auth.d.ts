import type { DefaultSession } from "next-auth";

declare module "next-auth" {
  interface Session {
    user: { id: string; isAdmin: boolean; sessionId?: string | null } & DefaultSession["user"];
  }
  interface User {
    isAdmin?: boolean;
    /** The user_sessions row made at sign-in (lib/users/user-sessions.ts). */
    sid?: string;
  }
}
