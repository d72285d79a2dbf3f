import { Skeleton } from "@/components/ui/skeleton";

/** The Rails page's shape while the providers' balances are read: title, two rail cards, the suspense table. */
export default function Loading() {
  return (
    <div className="space-y-6" role="status" aria-busy="true" aria-label="Loading Rails">
      <div className="space-y-2">
        <h1 className="text-xl font-semibold">Rails</h1>
        <Skeleton className="h-4 w-full max-w-xl" />
      </div>
      <div className="grid gap-4 xl:grid-cols-2">
        {[0, 1].map((i) => (
          <div key={i} className="space-y-3 rounded-lg border border-neutral-200 bg-white p-5 dark:border-neutral-800 dark:bg-neutral-900">
            <Skeleton className="h-6 w-32" />
            <Skeleton className="h-4 w-full" />
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {[0, 1, 2, 3].map((j) => (
                <Skeleton key={j} className="h-10" />
              ))}
            </div>
            <div className="grid gap-2 sm:grid-cols-3">
              {[0, 1, 2].map((j) => (
                <Skeleton key={j} className="h-16" />
              ))}
            </div>
          </div>
        ))}
      </div>
      <div className="space-y-3 rounded-lg border border-neutral-200 bg-white p-5 dark:border-neutral-800 dark:bg-neutral-900">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-6 w-full" />
        ))}
      </div>
    </div>
  );
}
