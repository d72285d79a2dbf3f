import { cn } from "@/components/ui/cn";

export type LiveMoneyKind = "real" | "simulated" | "none";

const TEXT: Record<LiveMoneyKind, { label: string; hint: string }> = {
  real: { label: "Live · real money", hint: "Payments and payouts move real naira through licensed providers." },
  simulated: { label: "Live · simulated (sandbox)", hint: "Live mode runs on the built-in sandbox bank: no real money moves." },
  none: {
    label: "Live · no payment rail connected",
    hint: "Bank operations (bank-transfer accounts, name enquiry, bank transfers, refunds to a bank) are unavailable; PayIDs and PayID transfers still work.",
  },
};

const TONE: Record<LiveMoneyKind, { bar: string; dot: string }> = {
  real: { bar: "border-green-200 bg-green-50 text-green-900 dark:border-green-900 dark:bg-green-950/40 dark:text-green-100", dot: "bg-green-600" },
  simulated: { bar: "border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100", dot: "bg-amber-500" },
  none: { bar: "border-red-300 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950/50 dark:text-red-100", dot: "bg-red-600" },
};

/**
 * In live mode, directly under the header: whether money is real, simulated (the sandbox rail)
 * or not connected (no rail: bank operations answer RAIL_UNAVAILABLE), supplement §11 and
 * DESIGN.md's header. One slim line on a computer; on a phone the hint wraps beneath the label.
 */
export function LiveMoneyBar({ kind }: { kind: LiveMoneyKind }) {
  const text = TEXT[kind];
  const tone = TONE[kind];
  return (
    <div data-testid="live-money-kind" data-kind={kind} className={cn("border-b px-4 py-1.5 text-xs md:px-6", tone.bar)}>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
        <span className="inline-flex items-center gap-1.5 font-semibold whitespace-nowrap" data-testid="live-money-label">
          <span aria-hidden className={cn("inline-block h-2 w-2 shrink-0 rounded-full", tone.dot)} />
          {text.label}
        </span>
        <span className={cn("min-w-0", kind === "real" && "hidden sm:inline")} data-testid="live-money-hint">
          {text.hint}
        </span>
      </p>
    </div>
  );
}
