import { Card, CardTitle } from "@/components/ui/card";
import { Money } from "@/components/ui/money";
import type { Collections } from "@/lib/overview/collections";
import { VolumeChart } from "./volume-chart";

const PERIODS = [
  { key: "today", label: "Today" },
  { key: "last7", label: "Last 7 days" },
  { key: "last30", label: "Last 30 days" },
] as const;

/** Money collected (every inbound payment, any channel, less what was refunded) today, over 7 and 30 days, and per day. */
export function CollectedCard({ collections }: { collections: Collections }) {
  return (
    <Card>
      <CardTitle>Collected</CardTitle>
      <p className="text-xs text-neutral-500">Payments received, less refunds</p>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
        {PERIODS.map((p) => (
          <div key={p.key} className={p.key === "today" ? "col-span-2 min-w-0 sm:col-span-1" : "min-w-0"} data-testid={`collected-${p.key}`}>
            <dt className="text-xs text-neutral-500">{p.label}</dt>
            <dd className="mt-1 truncate text-lg font-semibold sm:text-xl" data-testid={`collected-${p.key}-amount`}>
              <Money kobo={collections[p.key].amount} />
            </dd>
            <dd className="text-xs text-neutral-500" data-testid={`collected-${p.key}-count`}>
              {collections[p.key].count} payment{collections[p.key].count === 1 ? "" : "s"}
            </dd>
          </div>
        ))}
      </dl>
      <VolumeChart days={collections.days} />
    </Card>
  );
}
