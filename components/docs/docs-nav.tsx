"use client";

import Link from "@/components/ui/link";
import { usePathname } from "next/navigation";
import { cn } from "@/components/ui/cn";
import { DOCS_PAGES } from "./docs-pages";

/** The docs' page links; they wrap onto a second line on a phone rather than scroll. */
export function DocsNav() {
  const current = usePathname();
  return (
    <nav aria-label="Docs" className="w-full">
      <ul className="flex flex-wrap gap-x-1 gap-y-1 text-sm">
        {DOCS_PAGES.map((p) => {
          const here = current === p.href;
          return (
            <li key={p.href}>
              <Link
                href={p.href}
                aria-current={here ? "page" : undefined}
                className={cn(
                  "block rounded px-2 py-1 hover:bg-neutral-100 dark:hover:bg-neutral-800",
                  here ? "bg-accent-soft font-semibold text-accent-hover dark:bg-neutral-800 dark:text-neutral-100" : "text-neutral-700 dark:text-neutral-300",
                )}
              >
                {p.title}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
