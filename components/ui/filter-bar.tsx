import Link from "next/link";
import type { ReactNode } from "react";

/**
 * A list's filters (DESIGN.md: filters in the URL): a GET form back to the list, its fields,
 * a submit button and, while filtered, a Clear link to `clearHref`.
 */
export function FilterBar({ action, clearHref, submitLabel = "Apply", children }: { action: string; clearHref?: string | false; submitLabel?: string; children: ReactNode }) {
  return (
    <form className="flex flex-wrap items-end gap-3" action={action}>
      {children}
      <button type="submit" className="h-9 rounded-md border border-neutral-300 bg-white px-3 text-sm font-medium hover:bg-neutral-100 dark:border-neutral-700 dark:bg-neutral-900">{submitLabel}</button>
      {clearHref && <Link href={clearHref} className="h-9 px-2 text-sm leading-9 text-accent hover:underline">Clear</Link>}
    </form>
  );
}

/** One labelled field of a filter bar. */
export function FilterField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="text-sm">
      <span className="mb-1 block font-medium">{label}</span>
      {children}
    </label>
  );
}

/** A status filter's options: "Any", then each status capitalised (DESIGN.md: the API's status names). */
export function StatusOptions({ statuses }: { statuses: readonly string[] }) {
  return (
    <>
      <option value="">Any</option>
      {statuses.map((s) => <option key={s} value={s}>{s.charAt(0).toUpperCase() + s.slice(1)}</option>)}
    </>
  );
}
