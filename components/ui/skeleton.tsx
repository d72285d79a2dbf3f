import { cn } from "./cn";

/** A grey placeholder block while a page's data loads (loading.tsx). */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={cn("animate-pulse rounded bg-neutral-200 dark:bg-neutral-800", className)} />;
}

/** A list page's shape: title, filter bar and table rows. */
export function ListSkeleton({ title, rows = 8 }: { title: string; rows?: number }) {
  return (
    <div className="space-y-5" role="status" aria-busy="true" aria-label={`Loading ${title}`}>
      <h1 className="text-xl font-semibold">{title}</h1>
      <div className="flex gap-3">
        <Skeleton className="h-9 w-64" />
        <Skeleton className="h-9 w-32" />
        <Skeleton className="h-9 w-32" />
      </div>
      <div className="space-y-3 rounded-lg border border-neutral-200 bg-white p-5 dark:border-neutral-800 dark:bg-neutral-900">
        {Array.from({ length: rows }, (_, i) => (
          <Skeleton key={i} className="h-6 w-full" />
        ))}
      </div>
    </div>
  );
}

/** A detail page's shape: amount and badge, a facts card, then two more cards. */
export function DetailSkeleton({ label }: { label: string }) {
  return (
    <div className="space-y-5" role="status" aria-busy="true" aria-label={`Loading ${label}`}>
      <Skeleton className="h-4 w-24" />
      <Skeleton className="h-8 w-48" />
      {[8, 4, 3].map((n, i) => (
        <div key={i} className="space-y-2 rounded-lg border border-neutral-200 bg-white p-5 dark:border-neutral-800 dark:bg-neutral-900">
          {Array.from({ length: n }, (_, j) => (
            <Skeleton key={j} className="h-5 w-full" />
          ))}
        </div>
      ))}
    </div>
  );
}
