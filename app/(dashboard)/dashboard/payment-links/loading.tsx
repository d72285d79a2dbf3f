import { Card } from "@/components/ui/card";

/** Skeleton while the payment links (or one link) load. */
export default function Loading() {
  return (
    <div className="space-y-5" role="status" aria-busy="true" aria-label="Loading payment links">
      <div className="h-7 w-40 animate-pulse rounded bg-neutral-200 dark:bg-neutral-800" />
      <Card className="space-y-3">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="h-8 animate-pulse rounded bg-neutral-100 dark:bg-neutral-800" />
        ))}
      </Card>
    </div>
  );
}
