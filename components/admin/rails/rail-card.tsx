import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { CopyButton } from "@/components/ui/copy-button";
import { DateTime } from "@/components/ui/date-time";
import { relativeTime } from "@/components/virtual-accounts/expiry-hint";
import { formatNaira } from "@/lib/money";
import type { RailOverview } from "@/lib/rail-inbound/rails-overview";
import type { RailCapabilities, RailName } from "@/lib/rails/rail";

export const RAIL_LABELS: Record<RailName, string> = { sandbox: "Sandbox", paystack: "Paystack", monnify: "Monnify", flutterwave: "Flutterwave" };

/** A rail's name as the operator reads it (a stored row may name a rail this build no longer knows). */
export const railLabel = (name: string): string => RAIL_LABELS[name as RailName] ?? name;

/** What a rail can do, in words, in the order an operator thinks of them. */
const CAPABILITY_WORDS: [keyof RailCapabilities, string][] = [
  ["virtualAccounts", "one-off bank-transfer accounts (checkout, virtual accounts)"],
  ["staticAccounts", "static accounts"],
  ["retireAccounts", "closing an account early"],
  ["nameEnquiry", "name enquiry"],
  ["transfers", "payouts to banks"],
  ["refunds", "refunds through its own API"],
  ["identityCheck", "BVN and NIN checks"],
  ["balance", "reporting its balance"],
];

const ORDINALS = ["1st", "2nd", "3rd"];
const ordinal = (n: number) => ORDINALS[n - 1] ?? `${n}th`;

function Figure({ label, testId, tone, children, hint }: { label: string; testId: string; tone?: "bad" | "warn"; children: ReactNode; hint?: ReactNode }) {
  return (
    <div
      className={cn(
        "min-w-0 rounded-md border p-3",
        tone === "bad" ? "border-red-300 bg-red-50 dark:border-red-900 dark:bg-red-950/30" : "border-neutral-200 dark:border-neutral-800",
      )}
    >
      <p className="text-xs text-neutral-500 dark:text-neutral-400">{label}</p>
      <p
        className={cn(
          "mt-1 font-semibold tabular-nums wrap-anywhere",
          tone === "bad" && "text-red-700 dark:text-red-300",
          tone === "warn" && "text-amber-800 dark:text-amber-300",
        )}
        data-testid={testId}
      >
        {children}
      </p>
      {hint && <p className="mt-0.5 text-xs text-neutral-600 dark:text-neutral-400">{hint}</p>}
    </div>
  );
}

/** A count; above zero it is red (`alarm`: something failed) or amber (`attention`: someone must act). */
function Count({ label, value, testId, alarm, attention }: { label: string; value: number; testId: string; alarm?: boolean; attention?: boolean }) {
  const bad = alarm && value > 0;
  const warn = attention && value > 0;
  return (
    <div className="min-w-0">
      <dt className="text-xs text-neutral-500 dark:text-neutral-400">{label}</dt>
      <dd
        className={cn("text-base font-semibold tabular-nums", bad && "text-red-700 dark:text-red-300", warn && "text-amber-700 dark:text-amber-300")}
        data-testid={testId}
        data-alarm={bad || warn ? "true" : undefined}
      >
        {value.toLocaleString("en-NG")}
      </dd>
    </div>
  );
}

/**
 * One rail on the admin Rails page (supplement §11): its place in OWO_RAILS, what it does, its
 * webhooks (last received, failures, deliveries not yet processed), the payouts pending at it
 * and those that wait for a person, and the provider's balance beside the ledger's clearing
 * account for it.
 */
export function RailCard({ rail: r, now }: { rail: RailOverview; now: Date }) {
  const name = railLabel(r.name);
  const does = CAPABILITY_WORDS.filter(([c]) => r.capabilities[c]).map(([, words]) => words);
  const doesNot = CAPABILITY_WORDS.filter(([c]) => !r.capabilities[c]).map(([, words]) => words);
  const difference = r.providerBalance === null ? null : r.providerBalance - r.ledgerBalance;
  return (
    <Card
      className={cn("@container min-w-0 space-y-4", r.position === null && "border-dashed")}
      data-testid={`rail-card-${r.name}`}
      data-position={r.position ?? undefined}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold">{name}</h2>
          {r.name === "sandbox" && <p className="text-xs text-amber-800 dark:text-amber-300">The built-in simulator: live money here is not real.</p>}
        </div>
        <span
          className={cn(
            "shrink-0 rounded-full px-2 py-0.5 text-xs font-medium",
            r.position === 1
              ? "bg-green-100 text-green-800"
              : r.position !== null
                ? "bg-neutral-100 text-neutral-700 dark:bg-neutral-800 dark:text-neutral-300"
                : "bg-neutral-100 text-neutral-600 dark:bg-neutral-800 dark:text-neutral-400",
          )}
          data-testid={`rail-position-${r.name}`}
        >
          {r.position !== null ? `${ordinal(r.position)} choice` : "Credentials set, not in OWO_RAILS"}
        </span>
      </div>

      <div className="text-sm">
        <p>
          <span className="text-neutral-500">Does: </span>
          <span data-testid={`rail-capabilities-${r.name}`}>{does.length ? does.join(", ") : "nothing Owo uses"}.</span>
        </p>
        {doesNot.length > 0 && <p className="text-xs text-neutral-500">Not offered: {doesNot.join(", ")}.</p>}
        {r.position === null && (
          <p className="mt-1 text-xs text-neutral-500">Live mode sends it nothing new; its webhooks are still accepted and its pending payouts followed.</p>
        )}
      </div>

      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 @xl:grid-cols-4">
        <div className="col-span-full min-w-0">
          <dt className="text-xs text-neutral-500 dark:text-neutral-400">Last webhook received</dt>
          <dd className="text-sm" data-testid={`rail-last-webhook-${r.name}`}>
            {r.lastWebhookAt ? (
              <>
                <DateTime at={r.lastWebhookAt} seconds /> <span className="text-xs text-neutral-500">({relativeTime(r.lastWebhookAt, now)})</span>
              </>
            ) : (
              "No webhook yet"
            )}
          </dd>
        </div>
        <Count label="Failures, last 24 h" value={r.failures24h} testId={`rail-failures-${r.name}`} alarm />
        <Count label="Unprocessed deliveries" value={r.unprocessed} testId={`rail-unprocessed-${r.name}`} alarm />
        <Count label="Payouts pending at it" value={r.pendingPayouts} testId={`rail-pending-${r.name}`} />
        <Count label="Need a person" value={r.attention.length} testId={`rail-attention-count-${r.name}`} attention />
      </dl>

      {r.attention.length > 0 && (
        <div
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-800 dark:bg-amber-950/30"
          data-testid={`rail-attention-${r.name}`}
        >
          <p className="font-medium text-amber-900 dark:text-amber-200">Payouts waiting for a person at {name}</p>
          <p className="text-xs text-amber-900/80 dark:text-amber-200/80">
            The provider holds them until someone acts on its dashboard; Owo keeps asking about them.
          </p>
          <ul className="mt-2 divide-y divide-amber-200 dark:divide-amber-900">
            {r.attention.map((a) => (
              <li key={a.reference} className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 py-1.5" data-testid="rail-attention-item">
                <span className="inline-flex min-w-0 items-center font-mono text-xs wrap-anywhere">
                  {a.reference}
                  <CopyButton value={a.reference} label="Copy reference" className="h-6 w-6" />
                </span>
                <span className="font-medium tabular-nums">{formatNaira(a.amount)}</span>
                <span className="basis-full sm:basis-auto">{a.note}</span>
                <span className="text-xs text-neutral-600 dark:text-neutral-400">
                  since <DateTime at={a.since} />
                </span>
              </li>
            ))}
          </ul>
          {r.attention.length >= 20 && <p className="mt-1 text-xs text-amber-900/80">The 20 oldest are shown.</p>}
        </div>
      )}

      <div className="grid gap-2 @md:grid-cols-3">
        <Figure
          label="Provider balance"
          testId={`rail-provider-balance-${r.name}`}
          tone={r.balanceError ? "warn" : undefined}
          hint={r.providerBalance === null ? (r.balanceError ? "Reload to ask again" : `${name} does not report a balance`) : "Read from its API just now"}
        >
          {r.providerBalance !== null ? formatNaira(r.providerBalance) : (r.balanceError ?? "Not reported")}
        </Figure>
        <Figure label="Ledger (clearing account)" testId={`rail-ledger-balance-${r.name}`} hint="What Owo has booked as held there">
          {formatNaira(r.ledgerBalance)}
        </Figure>
        <Figure
          label="Difference"
          testId={`rail-difference-${r.name}`}
          tone={difference ? "bad" : undefined}
          hint={
            difference === null
              ? "Needs the provider's balance"
              : difference === 0
                ? "They agree"
                : difference > 0
                  ? "The provider holds more than the ledger says"
                  : "The provider holds less than the ledger says"
          }
        >
          {difference === null ? "—" : formatNaira(difference)}
        </Figure>
      </div>

      <div className="grid gap-2 @md:grid-cols-3" data-testid={`rail-margin-${r.name}`}>
        <Figure label="Fees charged today" testId={`rail-owo-fees-${r.name}`} hint="Owo's fees on this rail's money (Lagos day)">
          {formatNaira(r.today.owoFees)}
        </Figure>
        <Figure label="Provider fees today" testId={`rail-provider-fees-${r.name}`} hint={`What ${name} charged Owo`}>
          {formatNaira(r.today.providerFees)}
        </Figure>
        <Figure
          label="Margin today"
          testId={`rail-margin-today-${r.name}`}
          tone={r.today.margin < 0 ? "bad" : undefined}
          hint="Fees charged less provider fees"
        >
          {formatNaira(r.today.margin)}
        </Figure>
      </div>
    </Card>
  );
}
