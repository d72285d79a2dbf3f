import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound, redirect } from "next/navigation";
import { BulkBatchStatus, BulkRowStatusBadge } from "@/components/transfers/bulk-batch-status";
import { BulkDecision } from "@/components/transfers/bulk-decision";
import { AutoRefresh } from "@/components/ui/auto-refresh";
import { Card, CardTitle } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { rolePolicy } from "@/lib/auth/role-policy";
import { needsStepUp } from "@/lib/auth/two-factor/step-up";
import { getBulkBatch } from "@/lib/bulk-transfers/bulk-batch-view";
import { formatNaira } from "@/lib/money";

export const metadata: Metadata = { title: "Bulk transfer" };

/** One bulk batch: its totals, its approval, its progress (refreshing while rows go out) and every row's outcome. */
export default async function BulkBatchPage({ params }: { params: Promise<{ id: string }> }) {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/sign-in");
  const { id } = await params;
  const view = await getBulkBatch(ctx.db, { ...ctx.scope, id });
  if (!view) notFound();
  const { batch, rows, progress } = view;
  const mine = batch.uploadedBy === ctx.user.id;
  const canDecide = rolePolicy.approveTransfers(ctx.role) && !mine;
  const moving = batch.status === "queued" || batch.status === "processing" || rows.some((r) => r.status === "processing");
  const done = progress.sent + progress.failed;
  return (
    <div className="space-y-5">
      <AutoRefresh active={moving} everyMs={2_000} />
      <Link href="/dashboard/transfers/bulk" className="text-sm text-accent hover:underline">
        ← Bulk transfers
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="truncate text-xl font-semibold" data-testid="batch-file-name">
            {batch.fileName}
          </h1>
          <p className="text-xs text-neutral-500">
            Uploaded by {mine ? "you" : batch.uploadedByEmail} · <DateTime at={batch.createdAt} />
          </p>
        </div>
        <BulkBatchStatus status={batch.status} />
      </div>

      <Card>
        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-neutral-500">Transfers</dt>
            <dd className="font-medium" data-testid="batch-count">
              {batch.rowCount}
            </dd>
          </div>
          <div>
            <dt className="text-neutral-500">Amount</dt>
            <dd className="font-medium tabular-nums" data-testid="batch-total">
              {formatNaira(batch.totalAmount)}
            </dd>
          </div>
          <div>
            <dt className="text-neutral-500">Fees</dt>
            <dd className="font-medium tabular-nums">{formatNaira(batch.totalFees)}</dd>
          </div>
          <div>
            <dt className="text-neutral-500">Total debited</dt>
            <dd className="font-medium tabular-nums">{formatNaira(batch.totalAmount + batch.totalFees)}</dd>
          </div>
        </dl>
      </Card>

      {batch.status === "awaiting_approval" && (
        <Card className="space-y-3" data-testid="batch-approval">
          <CardTitle>Approval</CardTitle>
          <p className="text-sm">This batch is above the business&apos;s approval threshold: nothing is sent until another owner approves it.</p>
          {mine ? (
            <p className="text-sm text-neutral-500" data-testid="batch-approval-own">
              You uploaded it, so another member must approve it.
            </p>
          ) : canDecide ? (
            <BulkDecision
              id={batch.id}
              rows={batch.rowCount}
              amount={batch.totalAmount}
              fees={batch.totalFees}
              stepUp={await needsStepUp(ctx.db, ctx.user.id)}
            />
          ) : (
            <p className="text-sm text-neutral-500">An owner decides.</p>
          )}
        </Card>
      )}
      {batch.status === "rejected" && (
        <Card className="text-sm" data-testid="batch-rejected">
          Rejected{batch.reason ? `: ${batch.reason}` : ""}. Nothing in this batch was sent.
        </Card>
      )}

      {batch.status !== "awaiting_approval" && batch.status !== "rejected" && (
        <Card className="space-y-3" data-testid="batch-progress">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <CardTitle>Progress</CardTitle>
            <a
              href={`/dashboard/transfers/bulk/${batch.id}/result`}
              download
              className="inline-flex h-9 items-center rounded-md border border-neutral-300 bg-white px-4 text-sm font-medium hover:bg-neutral-100 dark:border-neutral-700 dark:bg-neutral-900"
              data-testid="download-result"
            >
              Download result CSV
            </a>
          </div>
          <div
            className="h-2 overflow-hidden rounded bg-neutral-100 dark:bg-neutral-800"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={batch.rowCount}
            aria-valuenow={done}
            aria-label="Rows sent"
          >
            <div className="h-full bg-accent" style={{ width: `${batch.rowCount ? Math.round((done / batch.rowCount) * 100) : 0}%` }} />
          </div>
          <dl className="grid grid-cols-3 gap-3 text-sm">
            <div>
              <dt className="text-neutral-500">Sent</dt>
              <dd className="font-medium" data-testid="batch-sent">
                {progress.sent}
              </dd>
            </div>
            <div>
              <dt className="text-neutral-500">Failed</dt>
              <dd className="font-medium" data-testid="batch-failed">
                {progress.failed}
              </dd>
            </div>
            <div>
              <dt className="text-neutral-500">Pending</dt>
              <dd className="font-medium" data-testid="batch-pending">
                {progress.pending}
              </dd>
            </div>
          </dl>
          <p className="text-xs text-neutral-500">
            {progress.completed} of {batch.rowCount} completed at the bank.
          </p>
        </Card>
      )}

      <ul
        className="divide-y divide-neutral-100 rounded-lg border border-neutral-200 bg-white dark:divide-neutral-800 dark:border-neutral-800 dark:bg-neutral-900"
        data-testid="batch-rows"
      >
        {rows.map((r) => (
          <li
            key={r.row}
            className="grid gap-1 px-4 py-3 text-sm md:grid-cols-[3rem_minmax(0,2fr)_8rem_8rem_minmax(0,2fr)] md:items-center md:gap-3"
            data-testid="batch-row"
          >
            <span className="text-xs text-neutral-500">Row {r.row}</span>
            <span className="min-w-0">
              <span className="block truncate font-medium">{r.accountName}</span>
              <span className="block truncate text-xs text-neutral-500">
                {r.bankName} · {r.accountNumber}
                {r.narration ? ` · ${r.narration}` : ""}
              </span>
            </span>
            <span className="tabular-nums md:text-right">{formatNaira(r.amount)}</span>
            <span>
              <BulkRowStatusBadge status={r.status} />
            </span>
            <span className="min-w-0 text-xs">
              {r.transferReference ? (
                <Link href={`/dashboard/transfers/${r.transferReference}`} className="font-mono text-accent hover:underline">
                  {r.transferReference}
                </Link>
              ) : null}
              {r.failureReason ? <span className="block text-red-700 dark:text-red-300">{r.failureReason}</span> : null}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
