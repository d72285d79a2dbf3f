"use client";

import Link from "@/components/ui/link";
import { usePathname } from "next/navigation";
import { cn } from "@/components/ui/cn";

const ITEMS = [
  { href: "/admin/refunds", label: "Refund reviews", match: (p: string) => p.startsWith("/admin/refunds") },
  { href: "/admin/activations", label: "Activations", match: (p: string) => p.startsWith("/admin/activations") },
  { href: "/admin", label: "Merchants", match: (p: string) => p === "/admin" || p.startsWith("/admin/merchants") },
  { href: "/admin/rails", label: "Rails", match: (p: string) => p.startsWith("/admin/rails") },
  { href: "/admin/reconciliation", label: "Reconciliation", match: (p: string) => p.startsWith("/admin/reconciliation") },
  { href: "/admin/ledger", label: "Ledger audit", match: (p: string) => p.startsWith("/admin/ledger") },
];

/** DESIGN.md: the admin area's slimmer sidebar. */
export function AdminNav({
  pendingReviews,
  railAlerts = 0,
  pendingActivations = 0,
}: {
  pendingReviews: number;
  railAlerts?: number;
  pendingActivations?: number;
}) {
  const path = usePathname() ?? "/admin";
  return (
    <nav aria-label="Admin">
      <ul className="space-y-0.5 text-sm">
        {ITEMS.map((item) => {
          const active = item.match(path);
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "flex items-center justify-between rounded-md px-3 py-1.5",
                  active
                    ? "bg-neutral-200/70 font-medium dark:bg-neutral-800"
                    : "text-neutral-700 hover:bg-neutral-100 dark:text-neutral-300 dark:hover:bg-neutral-900",
                )}
              >
                {item.label}
                {item.href === "/admin/refunds" && pendingReviews > 0 && (
                  <span className="rounded-full bg-blue-100 px-1.5 text-xs font-medium text-blue-800" data-testid="admin-pending-reviews">
                    {pendingReviews}
                  </span>
                )}
                {item.href === "/admin/activations" && pendingActivations > 0 && (
                  <span className="rounded-full bg-blue-100 px-1.5 text-xs font-medium text-blue-800" data-testid="admin-pending-activations">
                    {pendingActivations}
                  </span>
                )}
                {item.href === "/admin/rails" && railAlerts > 0 && (
                  <span
                    className="rounded-full bg-amber-100 px-1.5 text-xs font-medium text-amber-800"
                    title="Unmatched money in suspense and payouts waiting for a person"
                    data-testid="admin-rail-alerts"
                  >
                    {railAlerts}
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
