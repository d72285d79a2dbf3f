import { formatNaira } from "@/lib/money";
import type { DayVolume } from "@/lib/overview/collections";

const dayLabel = new Intl.DateTimeFormat("en-NG", { day: "numeric", month: "short", timeZone: "UTC" });
const label = (day: string) => dayLabel.format(new Date(`${day}T00:00:00Z`));

/**
 * The last 30 days' collections as bars: a plain server-rendered SVG (no chart library, no client
 * JavaScript, nothing injected, so the CSP needs nothing); it scales with its box, so it fits a
 * phone. Each bar names its day, amount and count on hover and to screen readers.
 */
export function VolumeChart({ days }: { days: DayVolume[] }) {
  const max = Math.max(...days.map((d) => d.amount), 1);
  const width = days.length * 10;
  const height = 100;
  const empty = days.every((d) => d.count === 0);
  return (
    <figure className="relative mt-4" data-testid="volume-chart">
      {empty && <p className="absolute inset-x-0 top-12 text-center text-sm text-neutral-500">No payments in the last 30 days.</p>}
      <svg viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" className="h-32 w-full" role="img" aria-label="Collected per day, last 30 days">
        <line
          x1={0}
          y1={height - 0.5}
          x2={width}
          y2={height - 0.5}
          className="stroke-neutral-200 dark:stroke-neutral-800"
          strokeWidth={1}
          vectorEffect="non-scaling-stroke"
        />
        {days.map((d, i) => {
          const h = d.amount > 0 ? Math.max((d.amount / max) * (height - 4), 1.5) : 0;
          return (
            <rect key={d.day} x={i * 10 + 1.5} y={height - h} width={7} height={h} rx={1} className={i === days.length - 1 ? "fill-accent" : "fill-accent/50"}>
              <title>{`${label(d.day)}: ${formatNaira(d.amount)} (${d.count} payment${d.count === 1 ? "" : "s"})`}</title>
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
