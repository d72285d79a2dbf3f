import Link from "@/components/ui/link";
import { DocsNav } from "@/components/docs/docs-nav";

/** Every /docs page: the docs' name, the way back to the dashboard and the pages' navigation. Each page brings its own <main>. */
export default function DocsLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="min-h-screen">
      <header className="border-b border-neutral-200 bg-white dark:border-neutral-800 dark:bg-neutral-950" data-testid="docs-header">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 md:px-6">
          <Link href="/docs/quickstart" className="text-lg font-semibold tracking-tight text-accent">
            owo <span className="font-normal text-neutral-700 dark:text-neutral-300">docs</span>
          </Link>
          <Link href="/dashboard" className="ml-auto rounded px-2 py-1 text-sm font-medium text-accent hover:underline" data-testid="docs-dashboard-link">
            ← Dashboard
          </Link>
          <DocsNav />
        </div>
      </header>
      {children}
    </div>
  );
}
