import Link from "next/link";
import { requireAdmin } from "@/lib/auth/require-admin";

export default async function AdminLayout({ children }: { children: React.ReactNode }) {
  const admin = await requireAdmin();
  return (
    <div className="flex min-h-screen">
      <aside className="w-52 shrink-0 border-r border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-950">
        <Link href="/admin" className="mb-6 block px-3 text-xl font-semibold tracking-tight text-accent">owo admin</Link>
        <nav aria-label="Admin">
          <ul className="space-y-0.5 text-sm">
            <li><Link href="/admin" className="block rounded-md bg-neutral-200/70 px-3 py-1.5 font-medium dark:bg-neutral-800">Merchants</Link></li>
          </ul>
        </nav>
      </aside>
      <div className="flex-1">
        <header className="flex h-14 items-center justify-between border-b border-neutral-200 bg-white px-6 dark:border-neutral-800 dark:bg-neutral-950">
          <span className="font-semibold">Platform administration</span>
          <span className="text-sm text-neutral-500">{admin.email}</span>
        </header>
        <main className="mx-auto max-w-6xl p-6">{children}</main>
      </div>
    </div>
  );
}
