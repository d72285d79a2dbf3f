import type { ReactNode } from "react";

/** One docs page: its title, a line saying what it is for, then its sections (h2 and prose styled here). */
export function DocPage({ title, lead, children }: { title: string; lead: ReactNode; children: ReactNode }) {
  return (
    <main
      id="docs-content"
      className="mx-auto w-full min-w-0 max-w-4xl space-y-6 p-4 text-sm leading-relaxed wrap-anywhere md:p-6 [&_h2]:pt-2 [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:font-semibold"
    >
      <header className="space-y-2">
        <h1 className="text-2xl font-bold">{title}</h1>
        <div className="text-neutral-700 dark:text-neutral-300">{lead}</div>
      </header>
      {children}
    </main>
  );
}
