import type { ReactNode } from "react";

/**
 * What a not-found or error page says, in the frame it appears in (the dashboard's or admin's
 * shell, or a bare public page): a short code, a heading, what happened and what to do next.
 */
export function StatusMessage({
  code,
  title,
  children,
  actions,
  testId,
}: {
  code: string;
  title: string;
  children: ReactNode;
  actions: ReactNode;
  testId: string;
}) {
  return (
    <section className="mx-auto max-w-md py-12 text-center md:py-20" data-testid={testId} aria-labelledby={`${testId}-title`}>
      <p className="text-sm font-semibold text-accent">{code}</p>
      <h1 id={`${testId}-title`} className="mt-2 text-2xl font-semibold tracking-tight">
        {title}
      </h1>
      <div className="mt-3 text-neutral-600 dark:text-neutral-400">{children}</div>
      <div className="mt-6 flex flex-wrap items-center justify-center gap-3">{actions}</div>
    </section>
  );
}

/** A link styled as the primary button (the not-found pages are server components: no Button onClick). */
export const primaryLinkClass =
  "inline-flex h-9 items-center justify-center rounded-md bg-accent px-4 text-sm font-medium text-white hover:bg-accent-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent";
export const secondaryLinkClass =
  "inline-flex h-9 items-center justify-center rounded-md border border-neutral-300 bg-white px-4 text-sm font-medium text-neutral-900 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100 dark:hover:bg-neutral-800";
