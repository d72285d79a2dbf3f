import Link from "@/components/ui/link";
import { Card } from "@/components/ui/card";
import { DeliveryBadge } from "@/components/webhooks/delivery-badge";
import type { TrailEvent } from "@/lib/ledger/record-trail";

/** The webhook events a record caused, each linking to its deliveries. */
export function TrailEventsCard({ events, testId, empty }: { events: TrailEvent[]; testId: string; empty: string }) {
  return (
    <Card className="p-0">
      <h2 className="border-b border-neutral-200 px-5 py-3 font-medium dark:border-neutral-800">Events</h2>
      {events.length === 0 ? (
        <p className="px-5 py-4 text-sm text-neutral-500">{empty}</p>
      ) : (
        <ul className="divide-y divide-neutral-100 text-sm dark:divide-neutral-800" data-testid={testId}>
          {events.map((e) => (
            <li key={e.id} className="flex items-center justify-between px-5 py-2">
              <Link href={`/dashboard/developers/webhooks/${e.id}`} className="text-accent hover:underline">
                {e.type}
              </Link>
              <DeliveryBadge status={e.deliveryStatus} attempts={e.attempts} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
