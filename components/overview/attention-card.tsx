import Link from "@/components/ui/link";
import { Card, CardTitle } from "@/components/ui/card";
import type { Attention } from "@/lib/overview/attention";

const ITEMS: { key: keyof Attention; one: string; many: string; href: string }[] = [
  {
    key: "failedWebhooks",
    one: "webhook event could not be delivered",
    many: "webhook events could not be delivered",
    href: "/dashboard/developers/webhooks?status=exhausted",
  },
  { key: "failedTransfers", one: "transfer failed", many: "transfers failed", href: "/dashboard/transfers?status=failed" },
  { key: "failedSettlementPayouts", one: "settlement payout failed", many: "settlement payouts failed", href: "/dashboard/settlements" },
  { key: "refundsAwaitingReview", one: "refund is awaiting review", many: "refunds are awaiting review", href: "/dashboard/refunds?status=requested" },
];

/** What needs a look: failed deliveries and payouts (last 30 days) and refunds awaiting review. */
export function AttentionCard({ attention }: { attention: Attention }) {
  const open = ITEMS.filter((i) => attention[i.key] > 0);
  return (
    <Card data-testid="attention">
      <CardTitle>Needs attention</CardTitle>
      {open.length === 0 ? (
        <p className="mt-2 text-sm text-neutral-500" data-testid="attention-none">
          Nothing needs your attention.
        </p>
      ) : (
        <ul className="mt-2 space-y-1 text-sm">
          {open.map((i) => (
            <li key={i.key} data-testid={`attention-${i.key}`}>
              <Link href={i.href} className="flex items-baseline gap-2 rounded px-1 py-1 hover:bg-neutral-50 dark:hover:bg-neutral-800">
                <span className="font-semibold text-red-700 tabular-nums dark:text-red-400">{attention[i.key]}</span>
                <span>{attention[i.key] === 1 ? i.one : i.many}</span>
                <span className="ml-auto text-accent" aria-hidden>
                  →
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-2 text-xs text-neutral-500">Failures from the last 30 days.</p>
    </Card>
  );
}
