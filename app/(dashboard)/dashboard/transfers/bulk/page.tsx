import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { redirect } from "next/navigation";
import { BulkUpload } from "@/components/transfers/bulk-upload";
import { BulkBatchStatus } from "@/components/transfers/bulk-batch-status";
import { DateTime } from "@/components/ui/date-time";
import { EmptyHint, EmptyState } from "@/components/ui/empty-state";
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { roleHint, rolePolicy } from "@/lib/auth/role-policy";
import { needsStepUp } from "@/lib/auth/two-factor/step-up";
import { listBulkBatches } from "@/lib/bulk-transfers/bulk-batch-view";
import { formatNaira } from "@/lib/money";

export const metadata: Metadata = { title: "Bulk transfers" };

/** Transfers → Bulk transfers (issue 25): upload a CSV of transfers, and the batches sent before. */
export default async function BulkTransfersPage() {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/sign-in");
  const canSend = rolePolicy.moveMoney(ctx.role, ctx.mode);
  const [batches, stepUp] = await Promise.all([listBulkBatches(ctx.db, ctx.scope), needsStepUp(ctx.db, ctx.user.id)]);
  return (
    <div className="space-y-5">
      <Link href="/dashboard/transfers" className="text-sm text-accent hover:underline">
        ← Transfers
      </Link>
      <h1 className="text-xl font-semibold">Bulk transfers</h1>
      {canSend ? (
        <BulkUpload stepUp={stepUp} />
      ) : (
        <p className="text-sm text-neutral-600" data-testid="role-hint">
          {roleHint(ctx.role, "send money", ctx.mode)} Ask an owner.
        </p>
      )}
      <h2 className="text-base font-semibold">Batches</h2>
      {batches.length === 0 ? (
        <EmptyState testId="bulk-batches-empty" title="No bulk transfers yet">
          {canSend && <EmptyHint>Upload a CSV above to pay many recipients at once (salaries, suppliers).</EmptyHint>}
        </EmptyState>
      ) : (
        <ul
          className="divide-y divide-neutral-100 rounded-lg border border-neutral-200 bg-white dark:divide-neutral-800 dark:border-neutral-800 dark:bg-neutral-900"
          data-testid="bulk-batches"
        >
          {batches.map((b) => (
            <li
              key={b.id}
              className="grid gap-1 px-4 py-3 text-sm sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_8rem_9rem] sm:items-center sm:gap-3"
              data-testid="bulk-batch-row"
            >
              <span className="min-w-0">
                <Link href={`/dashboard/transfers/bulk/${b.id}`} className="block truncate font-medium text-accent hover:underline">
                  {b.fileName}
                </Link>
                <span className="block truncate text-xs text-neutral-500">
                  {b.rowCount} {b.rowCount === 1 ? "transfer" : "transfers"} · by {b.uploadedByEmail}
                </span>
              </span>
              <span className="tabular-nums sm:text-right">{formatNaira(b.totalAmount)}</span>
              <span>
                <BulkBatchStatus status={b.status} />
              </span>
              <span className="text-xs text-neutral-500">
                <DateTime at={b.createdAt} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
