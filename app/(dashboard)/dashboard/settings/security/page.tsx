import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { TwoFactorSettings } from "@/components/security/two-factor-settings";
import { ActiveSessions } from "@/components/settings/active-sessions";
import { auth } from "@/lib/auth/auth";
import { loadDashboardContext } from "@/lib/auth/dashboard-context";
import { listActiveSessions } from "@/lib/users/user-sessions";
import { ChangePasswordForm } from "./change-password-form";

export const metadata: Metadata = { title: "Security" };

export default async function SecurityPage() {
  const ctx = await loadDashboardContext();
  if (!ctx) redirect("/sign-in");
  const session = await auth();
  const sessions = await listActiveSessions(ctx.db, { userId: ctx.user.id, currentSessionId: session?.user?.sessionId ?? null });
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-xl font-semibold">Security</h1>
        <p className="text-sm text-neutral-500">How you sign in as {ctx.user.email}. These settings are yours, in every business you belong to.</p>
      </div>
      <section className="space-y-3">
        <h2 className="font-medium">Change password</h2>
        <p className="text-sm text-neutral-500">Changing it signs out every other session of your account; this one stays signed in.</p>
        <ChangePasswordForm email={ctx.user.email} />
      </section>
      <TwoFactorSettings />
      <ActiveSessions
        sessions={sessions.map((s) => ({
          id: s.id,
          userAgent: s.userAgent,
          ip: s.ip,
          createdAt: s.createdAt.toISOString(),
          lastSeenAt: s.lastSeenAt.toISOString(),
          current: s.current,
        }))}
      />
    </div>
  );
}
