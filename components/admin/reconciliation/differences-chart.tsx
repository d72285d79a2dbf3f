import { formatNaira } from "@/lib/money";
import type { DayDifference } from "@/lib/reconciliation/runs-view";

const dayLabel = new Intl.DateTimeFormat("en-NG", { day: "numeric", month: "short", timeZone: "UTC" });
const label = (day: string) => dayLabel.format(new Date(`${day}T00:00:00Z`));

/**
 * The provider's balance less the ledger's, day by day, as bars from a middle line (above: the
 * provider holds more; below: less), drawn like the overview's volume chart: a server-rendered
 * SVG that scales with its box. A day with exceptions is marked red; each bar says its figures
 * on hover and to screen readers.
 */
export function DifferencesChart({ days }: { days: DayDifference[] }) {
  const max = Math.max(...days.map((d) => Math.abs(d.difference ?? 0)), 1);
  const width = days.length * 10;
  const height = 100;
  const mid = height / 2;
  const empty = days.every((d) => d.difference === null && d.exceptions === 0);
  return (
    <figure className="relative mt-2" data-testid="differences-chart">
      {empty && <p className="absolute inset-x-0 top-12 text-center text-sm text-neutral-500">No reconciliation runs in the last 30 days.</p>}
      <svg
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        className="h-32 w-full"
        role="img"
        aria-label="Provider balance less ledger balance per day, last 30 days"
      >
        <line x1={0} y1={mid} x2={width} y2={mid} className="stroke-neutral-300 dark:stroke-neutral-700" strokeWidth={1} vectorEffect="non-scaling-stroke" />
        {days.map((d, i) => {
          const value = d.difference ?? 0;
          const h = value !== 0 ? Math.max((Math.abs(value) / max) * (mid - 2), 1.5) : d.exceptions > 0 ? 1.5 : 0;
          const tone = d.exceptions > 0 || value !== 0 ? "fill-red-500" : "fill-green-600";
          return (
            <rect key={d.day} x={i * 10 + 1.5} y={value >= 0 ? mid - h : mid} width={7} height={h} rx={1} className={tone}>
              <title>{`${label(d.day)}: ${d.difference === null ? "no balance read" : `difference ${formatNaira(value)}`}, ${d.exceptions} exception${d.exceptions === 1 ? "" : "s"}`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption className="mt-1 flex justify-between text-xs text-neutral-500">
        <span>{label(days[0]!.day)}</span>
        <span>Today</span>
      </figcaption>
    </figure>
  );
}
