import { cn } from "@/components/ui/cn";

export type LiveMoneyKind = "real" | "simulated" | "none";

const TEXT: Record<LiveMoneyKind, { label: string; title: string }> = {
  real: { label: "Real money", title: "Live mode moves real money through the configured payment rails." },
  simulated: { label: "Simulated money", title: "Live mode runs on the built-in sandbox bank: no money here is real." },
  none: { label: "No payment rail", title: "No payment rail is connected: live bank accounts, name enquiry and payouts are unavailable until the operator configures one." },
};

/** In live mode, whether money is real, simulated (the sandbox rail) or not connected (supplement §11). */
export function LiveMoneyBadge({ kind }: { kind: LiveMoneyKind }) {
  const t = TEXT[kind];
  return (
    <span
      title={t.title}
      data-testid="live-money-kind"
      data-kind={kind}
      className={cn(
        "shrink-0 rounded px-2 py-0.5 text-xs font-semibold",
        kind === "real" && "bg-green-100 text-green-900",
        kind === "simulated" && "bg-amber-200 text-amber-900",
        kind === "none" && "bg-red-100 text-red-900",
      )}
    >
      {t.label}
    </span>
  );
}
