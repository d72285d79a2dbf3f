"use client";

import { AppWindow, CalendarClock, ArrowDownLeft, ArrowUpRight, AtSign, Banknote, FileText, Home, KeyRound, Landmark, Settings, Undo2, Vault, Webhook, ShoppingCart, ScrollText, Users } from "lucide-react";
import { Link2 } from "lucide-react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/components/ui/cn";
import type { Role, StaticAccountState } from "@/db/schema";

/** DESIGN.md's map; an area appears here once it exists. */
const GROUPS = [
  { title: null, items: [{ href: "/dashboard", label: "Home", icon: Home }, { href: "/dashboard/balance", label: "Balance", icon: Banknote }] },
  {
    title: "Receiving",
    items: [
      { href: "/dashboard/payments", label: "Payments", icon: ArrowDownLeft },
      { href: "/dashboard/payment-links", label: "Payment links", icon: Link2 },
      { href: "/dashboard/sessions", label: "Checkout sessions", icon: ShoppingCart },
      { href: "/dashboard/payids", label: "PayIDs", icon: AtSign },
      { href: "/dashboard/virtual-accounts", label: "Virtual accounts", icon: Landmark },
      { href: "/dashboard/invoices", label: "Invoices", icon: FileText },
      { href: "/dashboard/customers", label: "Customers", icon: Users },
    ],
  },
  {
    title: "Static accounts",
    product: "staticAccounts" as const,
    items: [
      { href: "/dashboard/static-accounts", label: "Static accounts", icon: Vault },
      { href: "/dashboard/refunds", label: "Refunds", icon: Undo2 },
      { href: "/dashboard/settlements", label: "Settlements", icon: Banknote },
    ],
  },
  {
    title: "Payouts",
    items: [
      { href: "/dashboard/transfers", label: "Transfers", icon: ArrowUpRight },
      { href: "/dashboard/payouts", label: "Automatic payouts", icon: CalendarClock },
    ],
  },
  {
    title: "Developers",
    items: [
      { href: "/dashboard/developers", label: "API keys", icon: KeyRound },
      { href: "/dashboard/developers/inline", label: "Inline checkout", icon: AppWindow },
      { href: "/dashboard/developers/webhooks", label: "Webhooks", icon: Webhook },
      { href: "/dashboard/developers/logs", label: "API request logs", icon: ScrollText },
    ],
  },
  // Every settings section sits behind one item: the Settings navigation (components/settings) lists them.
  { title: null, items: [{ href: "/dashboard/settings", label: "Settings", icon: Settings }] },
];

/** The static-accounts group stays reachable (records remain readable) but says when the product is off. */
const PRODUCT_NOTE: Record<StaticAccountState, string | null> = { enabled: null, disabled: "Not enabled", suspended: "Suspended" };

export function Sidebar({ staticAccounts = "enabled", role }: { staticAccounts?: StaticAccountState; role?: Role }) {
  const path = usePathname();
  return (
    <nav aria-label="Dashboard" className="space-y-5">
      {GROUPS.map((g) => (
        <div key={g.title ?? g.items[0]!.href}>
          {g.title && (
            <p className="mb-1 flex items-center justify-between gap-2 px-3 text-xs font-semibold uppercase tracking-wide text-neutral-500 dark:text-neutral-400">
              {g.title}
              {"product" in g && PRODUCT_NOTE[staticAccounts] && (
                <span className="rounded bg-neutral-100 px-1.5 py-0.5 text-[10px] font-medium normal-case tracking-normal text-neutral-600 dark:bg-neutral-800 dark:text-neutral-300" data-testid="static-accounts-nav-note">
                  {PRODUCT_NOTE[staticAccounts]}
                </span>
              )}
            </p>
          )}
          <ul className="space-y-0.5">
            {g.items.filter((i) => !role || ((i as { roles?: Role[] }).roles?.includes(role) ?? true)).map(({ href, label, icon: Icon }) => {
              // The most specific item wins: /dashboard/developers/webhooks is not "API keys".
              const matches = g.items.filter((i) => path === i.href || path.startsWith(`${i.href}/`));
              const best = matches.sort((a, b) => b.href.length - a.href.length)[0];
              const active = href === "/dashboard" ? path === href : best?.href === href;
              return (
                <li key={href}>
                  <Link
                    href={href}
                    aria-current={active ? "page" : undefined}
                    className={cn(
                      "flex items-center gap-2 rounded-md px-3 py-1.5 text-sm",
                      active ? "bg-neutral-200/70 font-medium dark:bg-neutral-800" : "text-neutral-600 hover:bg-neutral-100 dark:text-neutral-400 dark:hover:bg-neutral-900",
                    )}
                  >
                    <Icon className="h-4 w-4" />
                    {label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}
