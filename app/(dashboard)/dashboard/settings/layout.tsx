import { redirect } from "next/navigation";
import { SettingsNav } from "@/components/settings/settings-nav";
import { loadDashboardContext } from "@/lib/auth/dashboard-context";

/** Every Settings page sits under the Settings navigation (not the two-factor gate: Security must stay reachable). */
export default async function SettingsLayout({ children }: { children: React.ReactNode }) {
  const ctx = await loadDashboardContext();
  if (!ctx) redirect("/sign-in");
  return (
    <div className="space-y-6">
      <div className="space-y-3">
        <p className="text-sm font-semibold uppercase tracking-wide text-neutral-600 dark:text-neutral-400">Settings</p>
        <SettingsNav role={ctx.role} staticAccounts={ctx.merchant.staticAccounts} />
      </div>
      {children}
    </div>
  );
}
