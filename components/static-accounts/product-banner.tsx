import type { StaticAccountState } from "@/db/schema";
import { cn } from "@/components/ui/cn";

const COPY: Record<StaticAccountState, { title: string; body: string; tone: string }> = {
  enabled: {
    title: "Static accounts are enabled",
    body: "Issue a permanent bank account number per customer; every transfer into it settles at the next cutoff.",
    tone: "border-green-200 bg-green-50 text-green-900 dark:border-green-900 dark:bg-green-950/40 dark:text-green-200",
  },
  disabled: {
    title: "Static accounts are not enabled for this business",
    body: "Contact Owo to enable the product. Existing records stay readable here; new accounts cannot be created.",
    tone: "border-neutral-300 bg-neutral-50 text-neutral-800 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-200",
  },
  suspended: {
    title: "Static accounts are suspended for this business",
    body: "Owo has suspended the product: no new accounts can be created and changes are refused. Contact Owo support.",
    tone: "border-red-200 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200",
  },
};

/** The product's state for the business (merchants.static_accounts), shown on every Static accounts page. */
export function ProductBanner({ state, compact }: { state: StaticAccountState; compact?: boolean }) {
  const c = COPY[state];
  if (compact && state === "enabled") return null;
  return (
    <div role="status" data-testid="static-accounts-product" data-state={state} className={cn("rounded-lg border px-4 py-3 text-sm", c.tone)}>
      <p className="font-medium">{c.title}</p>
      <p className="mt-0.5 opacity-80">{c.body}</p>
    </div>
  );
}
