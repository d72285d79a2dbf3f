import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { RefundDecision } from "@/components/admin/refund-decision";
import { channelLabel } from "@/components/payments/payment-labels";
import { StatusBadge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { DateTime } from "@/components/ui/date-time";
import { ListHead, ListTable, Row, Th } from "@/components/ui/list-table";
import { Paging } from "@/components/ui/paging";
import { getDb } from "@/db/client";
import type { RefundStatus } from "@/db/schema";
import { REFUND_STATUSES } from "@/lib/refunds/list-refunds";
import { listRefundReviews, parseReviewStatus } from "@/lib/admin/refund-reviews";
import { refundMoneySource } from "@/lib/admin/refund-money-source";
import { requireAdmin } from "@/lib/admin/require-admin";
import { formatNaira } from "@/lib/money";

export const metadata: Metadata = { title: "Refund reviews" };

const LABELS: Record<RefundStatus, string> = {
  requested: "Awaiting review",
  processing: "Processing",
  completed: "Completed",
  failed: "Failed",
  rejected: "Rejected",
};

export default async function RefundReviewsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireAdmin();
  const search = await searchParams;
  const status = parseReviewStatus(search.status);
  const page = Math.max(1, Number(Array.isArray(search.page) ? search.page[0] : search.page) || 1);
  const queue = await listRefundReviews(await getDb(), { status, page });
  const link = (p: number) => `/admin/refunds?status=${status}&page=${p}`;
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-xl font-semibold">Refund reviews</h1>
        <p className="text-sm text-neutral-500">
          Refunds of every channel wait here for a second pair of eyes. Oldest requests first; an approved refund is paid back to the payer at once.
        </p>
      </div>
      <nav aria-label="Refund status" className="flex flex-wrap gap-1 text-sm">
        {REFUND_STATUSES.map((s) => (
          <Link
            key={s}
            href={`/admin/refunds?status=${s}`}
            aria-current={s === status ? "page" : undefined}
            className={cn(
              "rounded-md px-3 py-1.5",
              s === status ? "bg-neutral-200/70 font-medium dark:bg-neutral-800" : "text-neutral-600 hover:bg-neutral-100 dark:hover:bg-neutral-900",
            )}
          >
            {LABELS[s]}
          </Link>
        ))}
      </nav>
      {queue.items.length === 0 ? (
        <Card className="py-10 text-center text-sm text-neutral-500" data-testid="refund-queue-empty">
          {status === "requested" ? "Nothing to review: no refund is waiting." : `No ${status} refunds.`}
        </Card>
      ) : (
        <ListTable
          testId="refund-queue"
          footer={<Paging total={queue.total} page={queue.page} totalPages={queue.total_pages} noun="refund" link={link} testId="refund-queue-total" />}
        >
          <ListHead>
            <Th>Requested</Th>
            <Th>Merchant</Th>
            <Th>Paid by</Th>
            <Th>Payer</Th>
            <Th right>Amount</Th>
            <Th>Status</Th>
            <Th />
          </ListHead>
          <tbody>
            {queue.items.map(({ refund, merchantName, account, payment }) => (
              <Row key={refund.id} data-testid="admin-refund-row" data-refund-id={refund.id}>
                <td data-phone="date" className="px-4 py-2 whitespace-nowrap">
                  <DateTime at={refund.requestedAt} />
                  {refund.mode === "test" && <span className="ml-1 rounded bg-amber-200 px-1 text-xs text-amber-900">test</span>}
                </td>
                <td data-label="Merchant" className="px-4 py-2">
                  {merchantName}
                </td>
                <td data-label="Paid by" className="px-4 py-2" data-testid="admin-refund-channel">
                  {account ? (
                    <>
                      <span className="font-mono">{account.accountNumber}</span>
                      <div className="text-xs text-neutral-500">{account.customerName}</div>
                    </>
                  ) : (
                    channelLabel(refund.channel)
                  )}
                </td>
                <td data-phone="primary" className="px-4 py-2">
                  {payment.payer?.name ?? "—"}
                  <div className="text-xs text-neutral-500">{[payment.payer?.bank, payment.payer?.account].filter(Boolean).join(" · ")}</div>
                </td>
                <td data-phone="amount" className="px-4 py-2 text-right font-medium tabular-nums">
                  {formatNaira(refund.amount)}
                </td>
                <td data-phone="status" className="px-4 py-2">
                  <StatusBadge status={refund.status} />
                </td>
                <td className="px-4 py-2">
                  <div className="flex items-center justify-end gap-3">
                    <Link href={`/admin/refunds/${refund.id}`} className="text-accent hover:underline" data-testid="review-refund">
                      {status === "requested" ? "Review" : "Open"}
                    </Link>
                    {refund.status === "requested" && (
                      <RefundDecision
                        refundId={refund.id}
                        amount={formatNaira(refund.amount)}
                        payer={payment.payer?.name ?? "the payer"}
                        merchant={merchantName}
                        source={refundMoneySource(refund, payment)}
                        size="sm"
                      />
                    )}
                  </div>
                </td>
              </Row>
            ))}
          </tbody>
        </ListTable>
      )}
    </div>
  );
}
