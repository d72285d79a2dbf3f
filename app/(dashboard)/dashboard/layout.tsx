import Link from "@/components/ui/link";
import { redirect } from "next/navigation";
import { ActivationNotice, ACTIVATION_LOCK_TEXT } from "@/components/shell/activation-notice";
import { BusinessSwitch } from "@/components/shell/business-switch";
import { LiveMoneyBar } from "@/components/shell/live-money";
import { ModeSwitch } from "@/components/shell/mode-switch";
import { NavDrawer } from "@/components/shell/nav-drawer";
import { SkipLink } from "@/components/shell/skip-link";
import { Sidebar } from "@/components/shell/sidebar";
import { SuspendedNotice } from "@/components/shell/suspended-notice";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { auth } from "@/lib/auth/auth";
import { loadDashboardContext } from "@/lib/auth/dashboard-context";
import { activationState } from "@/lib/merchants/activation";
import { liveMoneyKind } from "@/lib/rails/router";
import { signOutAction } from "@/lib/actions/shell";

export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  // Not the two-factor gate (getDashboardContext): the layout also frames Settings → Security,
  // where a member the gate stops sets two-factor up; every page behind it checks.
  const ctx = await loadDashboardContext();
  if (!ctx) {
    // Signed in but a member of no business: a platform admin works in /admin.
    const session = await auth();
    redirect(session?.user?.isAdmin ? "/admin" : "/sign-in");
  }
  const test = ctx.mode === "test";
  // Until an admin approves the business's activation (§13), live mode is locked and says why.
  const locked = !ctx.merchant.activatedAt;
  const activation = locked ? ((await activationState(ctx.db, ctx.merchant.id)).request?.status ?? null) : null;
  const nav = (
    <>
      <Link href="/dashboard" className="mb-6 block px-3 text-xl font-semibold tracking-tight text-accent">
        owo
      </Link>
      <Sidebar staticAccounts={ctx.merchant.staticAccounts} type={ctx.merchant.type} />
    </>
  );
  return (
    <div className="flex min-h-screen">
      <SkipLink />
      {/* DESIGN.md: a left sidebar from 768 px; below it the same navigation opens as a drawer. */}
      <aside className="hidden w-56 shrink-0 border-r border-neutral-200 bg-white p-4 md:block dark:border-neutral-800 dark:bg-neutral-950">{nav}</aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header
          data-testid="dashboard-header"
          data-mode={ctx.mode}
          className={cn(
            "flex min-h-14 flex-wrap items-center justify-between gap-x-4 gap-y-2 border-b px-4 py-2 md:flex-nowrap md:px-6",
            test
              ? "border-amber-300 bg-amber-50 dark:border-amber-800 dark:bg-amber-950/40"
              : "border-neutral-200 bg-white dark:border-neutral-800 dark:bg-neutral-950",
          )}
        >
          <div className="flex min-w-0 items-center gap-2 md:gap-3">
            <NavDrawer label="Dashboard navigation">{nav}</NavDrawer>
            <span className="truncate font-semibold" data-testid="business-name">
              {ctx.merchant.name}
            </span>
            <BusinessSwitch current={ctx.merchant.id} memberships={ctx.memberships} />
            <span className="hidden rounded bg-neutral-100 px-1.5 py-0.5 text-xs capitalize text-neutral-600 sm:inline dark:bg-neutral-800 dark:text-neutral-300">
              {ctx.merchant.type}
            </span>
            {test && <span className="shrink-0 rounded bg-amber-200 px-2 py-0.5 text-xs font-semibold text-amber-900">Test data</span>}
          </div>
          <div className="ml-auto flex items-center gap-3 md:gap-4">
            <ModeSwitch mode={ctx.mode} locked={locked ? ACTIVATION_LOCK_TEXT[activation ?? "none"].short : undefined} />
            <Link href="/docs/quickstart" className="text-sm text-neutral-600 hover:underline dark:text-neutral-300" data-testid="header-docs-link">
              Docs
            </Link>
            {ctx.user.isAdmin && (
              <Link href="/admin" className="text-sm text-neutral-600 hover:underline dark:text-neutral-300">
                Admin
              </Link>
            )}
            <span className="hidden text-sm text-neutral-600 lg:inline dark:text-neutral-400" data-testid="user-email">
              {ctx.user.email}
            </span>
            <form action={signOutAction}>
              <Button type="submit" variant="ghost" size="sm">
                Sign out
              </Button>
            </form>
          </div>
        </header>
        {/* Live mode says whether money is real, simulated or not connected (supplement §11). */}
        {!test && <LiveMoneyBar kind={liveMoneyKind()} />}
        {ctx.merchant.suspendedAt && <SuspendedNotice />}
        {locked && <ActivationNotice status={activation} />}
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
