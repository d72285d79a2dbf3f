import type { Metadata } from "next";
import { RailCard, railLabel } from "@/components/admin/rails/rail-card";
import { SuspenseTable } from "@/components/admin/rails/suspense-table";
import { Card } from "@/components/ui/card";
import { EmptyHint, EmptyState } from "@/components/ui/empty-state";
import { getDb } from "@/db/client";
import { requireAdmin } from "@/lib/admin/require-admin";
import { formatNaira } from "@/lib/money";
import { railsOverview } from "@/lib/rail-inbound/rails-overview";
import { listSuspense } from "@/lib/rail-inbound/suspense";
import { liveMoneyKind, railByName } from "@/lib/rails/router";

export const metadata: Metadata = { title: "Rails" };
export const dynamic = "force-dynamic";

const SUSPENSE_LIMIT = 100;

/**
 * Supplement §11 for operators: each rail (its place in OWO_RAILS, what it does, its webhooks,
 * payouts pending at it and those that need a person, the provider's balance beside the
 * ledger's), then the money a rail received that matched no account (suspense), which an admin
 * assigns to a merchant or returns to the payer.
 */
export default async function RailsPage() {
  await requireAdmin();
  const db = await getDb();
  const [rails, suspense] = await Promise.all([railsOverview(db), listSuspense(db, { limit: SUSPENSE_LIMIT })]);
  const kind = liveMoneyKind();
  const now = new Date();
  const inUse = rails.filter((r) => r.position !== null).map((r) => railLabel(r.name));
  const open = suspense.filter((s) => s.status === "open");
  const openTotal = open.reduce((sum, s) => sum + s.amount, 0);

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-xl font-semibold">Rails</h1>
        <p className="text-sm text-neutral-500">
          Where live money sits and moves: the licensed providers that hold the funds and reach the banks. Owo keeps its own ledger; each provider&apos;s
          balance is read from its API when this page loads.
        </p>
      </div>

      {kind === "none" ? (
        <NoRail credentialed={rails.length > 0} />
      ) : (
        <p className="text-sm" data-testid="rails-live-money" data-kind={kind}>
          {kind === "simulated" ? (
            <span className="rounded bg-amber-100 px-2 py-0.5 font-medium text-amber-900">
              Live mode is simulated: it runs on the sandbox, no real money moves.
            </span>
          ) : (
            <>
              Live mode moves real money through <b>{inUse.join(", then ")}</b>
              {inUse.length > 1 ? " (a payout moves to the next rail only when the one before definitely did not take it)" : ""}.
            </>
          )}
        </p>
      )}

      {rails.length > 0 && (
        <div className={rails.length > 1 ? "grid gap-4 xl:grid-cols-2" : "grid gap-4"} data-testid="rail-cards">
          {rails.map((r) => (
            <RailCard key={r.name} rail={r} now={now} />
          ))}
        </div>
      )}

      <section className="space-y-3" aria-labelledby="suspense-heading">
        <div>
          <h2 id="suspense-heading" className="text-lg font-semibold">
            Suspense
          </h2>
          <p className="text-sm text-neutral-500">
            Money a rail received that matches no account (a closed or unknown account number, an amount the account refuses). Nothing is dropped: it waits here
            until an admin assigns it to a merchant or returns it to the payer.
          </p>
        </div>
        {suspense.length === 0 ? (
          <EmptyState testId="suspense-empty" title="No unmatched money.">
            <EmptyHint>Money a rail receives for no known account appears here.</EmptyHint>
          </EmptyState>
        ) : (
          <>
            <p className="text-sm" data-testid="suspense-open-summary">
              {open.length === 0 ? (
                "Nothing open: every item was assigned or returned."
              ) : (
                <>
                  <b className="tabular-nums">{open.length.toLocaleString("en-NG")}</b> open, <b className="tabular-nums">{formatNaira(openTotal)}</b> waiting
                  for a decision.
                </>
              )}
            </p>
            <SuspenseTable items={suspense} railAvailable={(rail) => railByName(rail) !== null} />
            {suspense.length >= SUSPENSE_LIMIT && (
              <p className="text-xs text-neutral-500">Open items first, then the newest: the first {SUSPENSE_LIMIT} are shown.</p>
            )}
          </>
        )}
      </section>
    </div>
  );
}

/** Live mode without a rail: what that means and how to connect one (README, Going live). */
function NoRail({ credentialed }: { credentialed: boolean }) {
  return (
    <Card className="space-y-2 border-red-300 bg-red-50 text-sm dark:border-red-900 dark:bg-red-950/30" data-testid="rails-none">
      <p className="font-semibold text-red-900 dark:text-red-200">Live mode has no payment rail.</p>
      <p>
        Every live operation that needs a bank (issuing a static, virtual or checkout bank-transfer account, name enquiry, a bank transfer, a refund paid to a
        bank) answers <span className="font-mono">503 RAIL_UNAVAILABLE</span> and creates nothing. Reads, PayIDs, PayID transfers and the bank list keep
        working.
      </p>
      <p>
        To connect one, name the rails in order of preference in <span className="font-mono">OWO_RAILS</span> (for example{" "}
        <span className="font-mono">OWO_RAILS=paystack,monnify</span>), set each provider&apos;s keys and restart: the project&apos;s README,{" "}
        <b>&ldquo;Going live&rdquo;</b>, lists the variables and the webhook URL to register at each provider.
        {credentialed ? " The rails below have credentials but are not named in OWO_RAILS." : ""}
      </p>
    </Card>
  );
}
