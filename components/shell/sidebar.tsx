"use client";

import Link from "@/components/ui/link";
import { usePathname } from "next/navigation";
import { cn } from "@/components/ui/cn";
import type { MerchantType, StaticAccountState } from "@/db/schema";
import { navGroupsFor } from "./nav-groups";

/** DESIGN.md's map (`nav-groups.ts`), fitted to the merchant: its type and whether static accounts are on. */
export function Sidebar({ staticAccounts = "enabled", type = "business" }: { staticAccounts?: StaticAccountState; type?: MerchantType }) {
  const path = usePathname();
  const groups = navGroupsFor({ type, staticAccounts });
  const all = groups.flatMap((g) => g.items);
  // The most specific item wins: /dashboard/developers/webhooks is not "API keys".
  const best = all
    .filter((i) => i.href !== "/dashboard" && (path === i.href || path.startsWith(`${i.href}/`)))
    .sort((a, b) => b.href.length - a.href.length)[0];
  return (
    <nav aria-label="Dashboard" className="space-y-5">
      {groups.map((g) => (
        <div key={g.title ?? g.items[0]!.href}>
          {g.title && <p className="mb-1 px-3 text-xs font-semibold uppercase tracking-wide text-neutral-500 dark:text-neutral-400">{g.title}</p>}
          <ul className="space-y-0.5">
            {g.items.map(({ href, label, icon: Icon, staticAccounts: product }) => {
              const active = href === "/dashboard" ? path === href : best?.href === href;
              return (
                <li key={href}>
                  <Link
                    href={href}
                    aria-current={active ? "page" : undefined}
                    className={cn(
                      "flex items-center gap-2 rounded-md px-3 py-1.5 text-sm",
                      active
                        ? "bg-neutral-200/70 font-medium dark:bg-neutral-800"
                        : "text-neutral-600 hover:bg-neutral-100 dark:text-neutral-400 dark:hover:bg-neutral-900",
                    )}
                  >
                    <Icon className="h-4 w-4" aria-hidden="true" />
                    {label}
                    {product && staticAccounts === "suspended" && (
                      <span
                        className="ml-auto rounded bg-neutral-100 px-1.5 py-0.5 text-[10px] font-medium text-neutral-600 dark:bg-neutral-800 dark:text-neutral-300"
                        data-testid="static-accounts-nav-note"
                      >
                        Suspended
                      </span>
                    )}
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
