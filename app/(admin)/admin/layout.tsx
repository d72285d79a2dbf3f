import Link from "@/components/ui/link";
import { signOutAction } from "@/lib/actions/shell";
import { AdminNav } from "@/components/admin/admin-nav";
import { NavDrawer } from "@/components/shell/nav-drawer";
import { Button } from "@/components/ui/button";
import { getDb } from "@/db/client";
import { countPendingRefundReviews } from "@/lib/admin/refund-reviews";
import { requireAdmin } from "@/lib/admin/require-admin";
import { countPendingActivations } from "@/lib/merchants/activation";
import { countRailAlerts } from "@/lib/rail-inbound/rails-overview";
import { SkipLink } from "@/components/shell/skip-link";

export default async function AdminLayout({ children }: { children: React.ReactNode }) {
  const admin = await requireAdmin();
  const db = await getDb();
  const [pendingReviews, railAlerts, pendingActivations] = await Promise.all([countPendingRefundReviews(db), countRailAlerts(db), countPendingActivations(db)]);
  const nav = (
    <>
      <Link href="/admin" className="mb-6 block px-3 text-xl font-semibold tracking-tight text-accent">
        owo admin
      </Link>
      <AdminNav pendingReviews={pendingReviews} railAlerts={railAlerts} pendingActivations={pendingActivations} />
    </>
  );
  return (
    <div className="flex min-h-screen">
      <SkipLink />
      {/* As the dashboard: a sidebar from 768 px, a drawer behind the menu button below. */}
      <aside className="hidden w-52 shrink-0 border-r border-neutral-200 bg-white p-4 md:block dark:border-neutral-800 dark:bg-neutral-950">{nav}</aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex min-h-14 flex-wrap items-center justify-between gap-x-4 gap-y-2 border-b border-neutral-200 bg-white px-4 py-2 md:px-6 dark:border-neutral-800 dark:bg-neutral-950">
          <div className="flex min-w-0 items-center gap-2">
            <NavDrawer label="Admin navigation">{nav}</NavDrawer>
            <span className="truncate font-semibold">Platform administration</span>
          </div>
          <div className="ml-auto flex min-w-0 items-center gap-4">
            <span className="hidden truncate text-sm text-neutral-600 sm:inline dark:text-neutral-400" data-testid="admin-email">
              {admin.email}
            </span>
            <form action={signOutAction}>
              <Button type="submit" variant="ghost" size="sm">
                Sign out
              </Button>
            </form>
          </div>
        </header>
        {/* On a phone a long id or reference (a detail's value, a mono table cell) wraps instead of widening the page. */}
        <main
          id="main"
          tabIndex={-1}
          className="mx-auto w-full focus:outline-none min-w-0 max-w-6xl flex-1 p-4 md:p-6 [&_dd]:wrap-anywhere [&_td.font-mono]:wrap-anywhere"
        >
          {children}
        </main>
      </div>
    </div>
  );
}
