import type { Metadata } from "next";
import { DifferencesChart } from "@/components/admin/reconciliation/differences-chart";
import { RunDayForm } from "@/components/admin/reconciliation/run-day-form";
import { RunsTable } from "@/components/admin/reconciliation/runs-table";
import { Card } from "@/components/ui/card";
import { EmptyHint, EmptyState } from "@/components/ui/empty-state";
import { getDb } from "@/db/client";
import { requireAdmin } from "@/lib/admin/require-admin";
import { lagosDay, lastLagosDays } from "@/lib/lagos-day";
import { dailyDifferences, listRuns } from "@/lib/reconciliation/runs-view";
import { knownRails } from "@/lib/rails/router";

export const metadata: Metadata = { title: "Reconciliation" };
export const dynamic = "force-dynamic";

/**
 * Supplement §12 for operators: every day, each rail's statement against the ledger. Run a day
 * (from the provider's API or a statement file), the last 30 days' balance differences, and
 * the runs; each run opens its summary and its exceptions.
 */
export default async function ReconciliationPage() {
  await requireAdmin();
  const db = await getDb();
  const now = new Date();
  const [runs, differences] = await Promise.all([listRuns(db), dailyDifferences(db, lastLagosDays(now, 30))]);
  const rails = [...new Set([...knownRails().map((r) => r.name), "sandbox"])];
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-xl font-semibold">Reconciliation</h1>
        <p className="text-sm text-neutral-500">
          What each provider says happened, against Owo&apos;s ledger, to the kobo. The scheduler reconciles yesterday for every live rail each morning; run any
          day here, or a statement file.
        </p>
      </div>
      <RunDayForm rails={rails} today={lagosDay(now)} yesterday={lagosDay(new Date(now.getTime() - 86_400_000))} />
      <Card>
        <h2 className="text-base font-semibold">Daily differences</h2>
        <p className="text-sm text-neutral-500">The providers&apos; balances less the ledger&apos;s, per day; red where a day left exceptions.</p>
        <DifferencesChart days={differences} />
      </Card>
      <section className="space-y-3" aria-labelledby="runs-heading">
        <h2 id="runs-heading" className="text-lg font-semibold">
          Runs
        </h2>
        {runs.length === 0 ? (
          <EmptyState testId="reconciliation-empty" title="No reconciliation yet.">
            <EmptyHint>Run a day above, or wait for the scheduler&apos;s morning run.</EmptyHint>
          </EmptyState>
        ) : (
          <RunsTable runs={runs} />
        )}
      </section>
    </div>
  );
}
