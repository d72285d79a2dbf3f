import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound } from "next/navigation";
import { ExceptionQueue, type QueueEntry } from "@/components/admin/reconciliation/exception-queue";
import { RunSummary } from "@/components/admin/reconciliation/run-summary";
import { EmptyHint, EmptyState } from "@/components/ui/empty-state";
import { getDb } from "@/db/client";
import { requireAdmin } from "@/lib/admin/require-admin";
import { formatNaira } from "@/lib/money";
import { exceptionQueue } from "@/lib/reconciliation/exceptions";
import { findRun } from "@/lib/reconciliation/runs-view";

export const metadata: Metadata = { title: "Reconciliation run" };
export const dynamic = "force-dynamic";

/** One run: its summary (lines by outcome, money in and out, fees, margin, balances) and its exceptions queue. */
export default async function RunPage({ params }: { params: Promise<{ runId: string }> }) {
  const admin = await requireAdmin();
  const db = await getDb();
  const run = await findRun(db, (await params).runId);
  if (!run) notFound();
  const queue = await exceptionQueue(db, run.id);
  const items: QueueEntry[] = queue.map((q) => ({
    id: q.id,
    outcome: q.outcome!,
    direction: q.direction,
    origin: q.origin,
    providerReference: q.providerReference,
    matchedReference: q.matchedReference,
    suggestedReference: q.suggestedReference,
    amount: formatNaira(q.amount),
    detail: q.detail,
    rail: q.rail,
    actions: q.actions,
    proposedAction: q.proposedAction,
    proposedByMe: q.proposedBy === admin.id,
    payer: q.payer ?? { name: null, bank: null, account: null },
  }));
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-sm">
            <Link href="/admin/reconciliation" className="text-accent hover:underline">
              Reconciliation
            </Link>
          </p>
          <h1 className="text-xl font-semibold">
            {run.rail}, {run.day}
          </h1>
          <p className="text-sm text-neutral-500">{run.source === "file" ? `From the file ${run.fileName ?? ""}` : "From the provider's API"}</p>
        </div>
        <a href={`/admin/reconciliation/${run.id}/export`} className="text-sm font-medium text-accent hover:underline" data-testid="reconciliation-export">
          Download the lines (CSV)
        </a>
      </div>
      <RunSummary run={run} />
      <section className="space-y-3" aria-labelledby="exceptions-heading">
        <h2 id="exceptions-heading" className="text-lg font-semibold">
          Exceptions
        </h2>
        {items.length === 0 ? (
          <EmptyState testId="exceptions-empty" title="Nothing left to explain.">
            <EmptyHint>Every line of this run matched, was booked, or was resolved by an admin.</EmptyHint>
          </EmptyState>
        ) : (
          <ExceptionQueue items={items} />
        )}
      </section>
    </div>
  );
}
