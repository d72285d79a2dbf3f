"use client";

import Link from "@/components/ui/link";
import { usePathname } from "next/navigation";
import type { Role, StaticAccountState } from "@/db/schema";
import { cn } from "@/components/ui/cn";
import { sectionsFor } from "./settings-sections";

/** The one Settings navigation: every section, wrapping onto a second line on a phone (never scrolling the page sideways). */
export function SettingsNav({ role, staticAccounts }: { role: Role; staticAccounts: StaticAccountState }) {
  const path = usePathname();
  return (
    <nav aria-label="Settings" className="border-b border-neutral-200 pb-3 dark:border-neutral-800" data-testid="settings-nav">
      <ul className="flex flex-wrap gap-1.5">
        {sectionsFor(role, staticAccounts).map((s) => {
          const active = path === s.href || path.startsWith(`${s.href}/`);
          return (
            <li key={s.href}>
              <Link
                href={s.href}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "inline-block rounded-full px-3 py-1.5 text-sm",
                  active
                    ? "bg-accent font-medium text-white"
                    : "bg-neutral-100 text-neutral-700 hover:bg-neutral-200 dark:bg-neutral-800 dark:text-neutral-200 dark:hover:bg-neutral-700",
                )}
              >
                {s.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
