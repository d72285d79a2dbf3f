import Link from "@/components/ui/link";
import type { ReactNode } from "react";
import { statusLabel } from "@/lib/status-label";

/** Whether a date range ('YYYY-MM-DD' days) runs backwards: "from" after "to" matches nothing. */
export function isReversedRange(range?: { from?: string | null; to?: string | null }): boolean {
  return Boolean(range?.from && range?.to && range.from > range.to);
}

/**
 * A list's filters (DESIGN.md: filters in the URL): a GET form back to the list, its fields,
 * a submit button and, while filtered, a Clear link to `clearHref`. Given the date `range`, a
 * "from" after the "to" is said next to the filters, rather than showing an empty list.
 */
export function FilterBar({
  action,
  clearHref,
  submitLabel = "Apply",
  range,
  children,
}: {
  action: string;
  clearHref?: string | false;
  submitLabel?: string;
  range?: { from?: string | null; to?: string | null };
  children: ReactNode;
}) {
  return (
    <form className="flex min-w-0 max-w-full flex-wrap items-end gap-3" action={action}>
      {children}
      <button
        type="submit"
        className="h-9 rounded-md border border-neutral-300 bg-white px-3 text-sm font-medium hover:bg-neutral-100 dark:border-neutral-700 dark:bg-neutral-900"
      >
        {submitLabel}
      </button>
      {clearHref && (
        <Link href={clearHref} className="h-9 px-2 text-sm leading-9 text-accent hover:underline">
          Clear
        </Link>
      )}
      {isReversedRange(range) && (
        <p role="alert" className="basis-full text-sm text-red-700 dark:text-red-300" data-testid="filter-range-error">
          The “From” date is after the “To” date, so nothing can match. Swap the dates or clear one of them.
        </p>
      )}
    </form>
  );
}

/** One labelled field of a filter bar. */
export function FilterField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="min-w-0 max-w-full text-sm">
      <span className="mb-1 block font-medium">{label}</span>
      {children}
    </label>
  );
}

/** A status filter's options: "Any", then each status as a label ("Pending settlement"). */
export function StatusOptions({ statuses }: { statuses: readonly string[] }) {
  return (
    <>
      <option value="">Any</option>
      {statuses.map((s) => (
        <option key={s} value={s}>
          {statusLabel(s)}
        </option>
      ))}
    </>
  );
}
