import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { redirect } from "next/navigation";
import { sectionsFor } from "@/components/settings/settings-sections";
import { loadDashboardContext } from "@/lib/auth/dashboard-context";

export const metadata: Metadata = { title: "Settings" };

/** Settings' front page: each section in a line. */
export default async function SettingsPage() {
  const ctx = await loadDashboardContext();
  if (!ctx) redirect("/sign-in");
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold">Settings for {ctx.merchant.name}</h1>
      <ul className="grid gap-3 sm:grid-cols-2">
        {sectionsFor(ctx.role, ctx.merchant.staticAccounts).map((s) => (
          <li key={s.href}>
            <Link
              href={s.href}
              className="block h-full rounded-lg border border-neutral-200 bg-white p-4 hover:border-accent dark:border-neutral-800 dark:bg-neutral-900"
            >
              <span className="font-medium">{s.label}</span>
              <span className="mt-1 block text-sm text-neutral-600 dark:text-neutral-400">{s.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
