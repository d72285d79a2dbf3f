import type { ReactNode } from "react";
import { cn } from "./cn";

/**
 * Every table's box (DESIGN.md "On a phone": no page scrolls sideways). A table wider than the
 * screen scrolls inside this box instead of widening the page; the box takes keyboard focus so
 * it can be scrolled without a pointer, and with a `label` it is a named region for screen readers.
 */
export function TableScroll({ label, className, children }: { label?: string; className?: string; children: ReactNode }) {
  return (
    <div
      role={label ? "region" : undefined}
      aria-label={label}
      tabIndex={0}
      className={cn("max-w-full overflow-x-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent", className)}
    >
      {children}
    </div>
  );
}
