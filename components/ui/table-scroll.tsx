"use client";

import { ChevronRight } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { cn } from "./cn";

/**
 * Every table's box (DESIGN.md "On a phone": no page scrolls sideways). A table wider than the
 * screen scrolls inside this box instead of widening the page, and says so: a fade (with an
 * arrow) on each edge that has more to show, gone once scrolled to that end. The box takes
 * keyboard focus so it can be scrolled without a pointer, and with a `label` it is a named
 * region for screen readers.
 */
export function TableScroll({ label, className, children }: { label?: string; className?: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ left: false, right: false });
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => {
      const left = el.scrollLeft > 1;
      const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
      setMore((m) => (m.left === left && m.right === right ? m : { left, right }));
    };
    measure();
    el.addEventListener("scroll", measure, { passive: true });
    const resize = new ResizeObserver(measure);
    resize.observe(el);
    if (el.firstElementChild) resize.observe(el.firstElementChild);
    return () => {
      el.removeEventListener("scroll", measure);
      resize.disconnect();
    };
  }, []);
  return (
    <div className={cn("relative", className)} data-testid="table-scroll" data-scrolls={more.left || more.right ? (more.right ? "right" : "left") : undefined}>
      <div
        ref={box}
        role={label ? "region" : undefined}
        aria-label={label}
        tabIndex={0}
        className="max-w-full overflow-x-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent"
      >
        {children}
      </div>
      {more.left && (
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 left-0 w-8 bg-gradient-to-r from-white to-transparent dark:from-neutral-900"
        />
      )}
      {more.right && (
        <div
          aria-hidden="true"
          data-testid="table-scroll-hint"
          className="pointer-events-none absolute inset-y-0 right-0 flex w-10 items-center justify-end bg-gradient-to-l from-white to-transparent pr-1 text-neutral-400 dark:from-neutral-900"
        >
          <ChevronRight className="h-4 w-4" />
        </div>
      )}
    </div>
  );
}
