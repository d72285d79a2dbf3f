import Link from "@/components/ui/link";

/** The footer of every paged dashboard list: "N things · page x of y" and newer/older links. */
export function Paging({
  total,
  page,
  totalPages,
  noun,
  link,
  testId,
}: {
  total: number;
  page: number;
  totalPages: number;
  noun: string;
  link: (page: number) => string;
  testId?: string;
}) {
  return (
    <div className="flex items-center justify-between border-t border-neutral-200 px-4 py-2 text-sm dark:border-neutral-800">
      <span className="text-neutral-500" data-testid={testId}>
        {total} {noun}
        {total === 1 ? "" : "s"} · page {page} of {Math.max(1, totalPages)}
      </span>
      <span className="flex gap-3">
        {page > 1 && (
          <Link href={link(page - 1)} className="text-accent hover:underline">
            ← Newer
          </Link>
        )}
        {page < totalPages && (
          <Link href={link(page + 1)} className="text-accent hover:underline">
            Older →
          </Link>
        )}
      </span>
    </div>
  );
}
