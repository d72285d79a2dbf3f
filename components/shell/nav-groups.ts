import {
  AppWindow,
  ArrowDownLeft,
  Link2,
  ArrowUpRight,
  AtSign,
  Banknote,
  CalendarClock,
  FileText,
  Home,
  KeyRound,
  Landmark,
  ScrollText,
  Settings,
  ShoppingCart,
  Undo2,
  Users,
  Vault,
  Webhook,
  type LucideIcon,
} from "lucide-react";
import type { MerchantType, StaticAccountState } from "@/db/schema";

export type NavItem = {
  href: string;
  label: string;
  icon: LucideIcon;
  /** Only for businesses: a personal account's menu leaves it out (DESIGN.md: PayIDs, transfers, payments, settings). */
  business?: boolean;
  /** Only while the static-accounts product is on for the business (enabled, or suspended: its records stay readable). */
  staticAccounts?: boolean;
};
export type NavGroup = { title: string | null; items: NavItem[] };

/**
 * DESIGN.md's map, grouped by what a merchant does: receive, pay out, refunds, settlements,
 * developers, settings. An area appears here once it exists.
 */
export const NAV_GROUPS: NavGroup[] = [
  {
    title: null,
    items: [
      { href: "/dashboard", label: "Home", icon: Home },
      { href: "/dashboard/balance", label: "Balance", icon: Banknote },
    ],
  },
  {
    title: "Receive",
    items: [
      { href: "/dashboard/payments", label: "Payments", icon: ArrowDownLeft },
      { href: "/dashboard/payment-links", label: "Payment links", icon: Link2, business: true },
      { href: "/dashboard/sessions", label: "Checkout sessions", icon: ShoppingCart, business: true },
      { href: "/dashboard/payids", label: "PayIDs", icon: AtSign },
      { href: "/dashboard/virtual-accounts", label: "Virtual accounts", icon: Landmark, business: true },
      { href: "/dashboard/invoices", label: "Invoices", icon: FileText, business: true },
      { href: "/dashboard/static-accounts", label: "Static accounts", icon: Vault, business: true, staticAccounts: true },
      { href: "/dashboard/customers", label: "Customers", icon: Users, business: true },
    ],
  },
  {
    title: "Pay out",
    items: [
      { href: "/dashboard/transfers", label: "Transfers", icon: ArrowUpRight },
      { href: "/dashboard/payouts", label: "Automatic payouts", icon: CalendarClock, business: true },
    ],
  },
  // Refunds work on every channel (supplement §10), not only static accounts.
  { title: null, items: [{ href: "/dashboard/refunds", label: "Refunds", icon: Undo2 }] },
  { title: null, items: [{ href: "/dashboard/settlements", label: "Settlements", icon: Banknote, business: true, staticAccounts: true }] },
  {
    title: "Developers",
    items: [
      { href: "/dashboard/developers", label: "API keys", icon: KeyRound, business: true },
      { href: "/dashboard/developers/inline", label: "Inline checkout", icon: AppWindow, business: true },
      { href: "/dashboard/developers/webhooks", label: "Webhooks", icon: Webhook, business: true },
      { href: "/dashboard/developers/logs", label: "API request logs", icon: ScrollText, business: true },
    ],
  },
  // Every settings section sits behind one item: the Settings navigation (components/settings) lists them.
  { title: null, items: [{ href: "/dashboard/settings", label: "Settings", icon: Settings }] },
];

/** The groups this merchant's menu shows: a personal account's without business-only items, static-account pages only while the product is on. */
export function navGroupsFor(merchant: { type: MerchantType; staticAccounts: StaticAccountState }): NavGroup[] {
  const shown = (i: NavItem) => (!i.business || merchant.type === "business") && (!i.staticAccounts || merchant.staticAccounts !== "disabled");
  return NAV_GROUPS.map((g) => ({ ...g, items: g.items.filter(shown) })).filter((g) => g.items.length > 0);
}
