import { formatNaira } from "@/lib/money";

/** Kobo shown as naira with kobo (`₦12,500.00`), tabular figures. */
export function Money({ kobo, className }: { kobo: number | bigint; className?: string }) {
  return <span className={`whitespace-nowrap tabular-nums ${className ?? ""}`}>{formatNaira(kobo)}</span>;
}
