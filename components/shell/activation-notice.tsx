import Link from "@/components/ui/link";
import type { ActivationStatus } from "@/db/schema";

/** What the notice and the locked mode switch say, per request state (supplement §13). */
export const ACTIVATION_LOCK_TEXT: Record<ActivationStatus | "none", { short: string; long: string }> = {
  none: { short: "Activate to go live", long: "Live payments open when your business is activated." },
  draft: { short: "Activate to go live", long: "Live payments open when your business is activated: finish your activation request." },
  submitted: { short: "In review", long: "Your activation request is being reviewed. Live payments open when it is approved." },
  changes_requested: { short: "Changes needed", long: "Your activation request needs a change before it can be approved." },
  rejected: { short: "Declined", long: "Your activation request was declined. You can keep using test mode." },
  approved: { short: "Live", long: "" },
};

/**
 * Shown on every dashboard page until the business is activated: live mode (live keys, live
 * actions) is locked, and this says why and where to act.
 */
export function ActivationNotice({ status }: { status: ActivationStatus | null }) {
  const text = ACTIVATION_LOCK_TEXT[status ?? "none"];
  return (
    <div
      data-testid="activation-notice"
      data-status={status ?? "none"}
      className="flex flex-wrap items-center justify-between gap-2 border-b border-sky-200 bg-sky-50 px-4 py-2 text-sm text-sky-950 md:px-6 dark:border-sky-900 dark:bg-sky-950/40 dark:text-sky-100"
    >
      <span>
        <strong className="font-semibold">Test mode only.</strong> {text.long}
      </span>
      {status !== "rejected" && (
        <Link href="/dashboard/activate" className="font-medium text-accent underline-offset-2 hover:underline" data-testid="activation-link">
          {status === "submitted" ? "View your request" : "Activate your business"} →
        </Link>
      )}
    </div>
  );
}
