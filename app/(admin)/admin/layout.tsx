import Link from "next/link";
import { signOutAction } from "@/app/(dashboard)/dashboard/actions";
import { AdminNav } from "@/components/admin/admin-nav";
import { Button } from "@/components/ui/button";
import { getDb } from "@/db/client";
import { countPendingRefundReviews } from "@/lib/admin/refund-reviews";
import { requireAdmin } from "@/lib/admin/require-admin";

export default async function AdminLayout({ children }: { children: React.ReactNode }) {
  const admin = await requireAdmin();
  const pendingReviews = await countPendingRefundReviews(await getDb());
  return (
    <div className="flex min-h-screen">
      <aside className="w-52 shrink-0 border-r border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-950">
        <Link href="/admin" className="mb-6 block px-3 text-xl font-semibold tracking-tight text-accent">owo admin</Link>
        <AdminNav pendingReviews={pendingReviews} />
      </aside>
      <div className="flex-1">
        <header className="flex h-14 items-center justify-between border-b border-neutral-200 bg-white px-6 dark:border-neutral-800 dark:bg-neutral-950">
          <span className="font-semibold">Platform administration</span>
          <div className="flex items-center gap-4">
            <span className="text-sm text-neutral-500" data-testid="admin-email">{admin.email}</span>
            <form action={signOutAction}>
              <Button type="submit" variant="ghost" size="sm">Sign out</Button>
            </form>
          </div>
        </header>
        <main className="mx-auto max-w-6xl p-6">{children}</main>
      </div>
    </div>
  );
}
