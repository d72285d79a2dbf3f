import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { StatusBadge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { DateTime } from "@/components/ui/date-time";
import { ListHead, ListTable, Row, Th } from "@/components/ui/list-table";
import { getDb } from "@/db/client";
import type { ActivationStatus, IdentityOutcome } from "@/db/schema";
import { requireAdmin } from "@/lib/admin/require-admin";
import { ACTIVATION_STATUSES, activationMode, IDENTITY_OUTCOME_LABELS, listActivationRequests } from "@/lib/merchants/activation";

export const metadata: Metadata = { title: "Activation reviews" };

const TABS: { status: ActivationStatus; label: string }[] = [
  { status: "submitted", label: "Waiting" },
  { status: "changes_requested", label: "Changes asked" },
  { status: "approved", label: "Approved" },
  { status: "rejected", label: "Declined" },
  { status: "draft", label: "Not submitted" },
];

/** The admin review queue of activation requests (supplement §13): waiting requests oldest first. */
export default async function ActivationReviewsPage({ searchParams }: { searchParams: Promise<{ status?: string }> }) {
  await requireAdmin();
  const asked = (await searchParams).status;
  const status: ActivationStatus = (ACTIVATION_STATUSES as readonly string[]).includes(asked ?? "") ? (asked as ActivationStatus) : "submitted";
  const items = await listActivationRequests(await getDb(), { status });
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-xl font-semibold">Activation reviews</h1>
        <p className="text-sm text-neutral-500">
          Businesses that signed up ask here to open live mode. Check the details, the identity answer and the payout account, then approve, decline or ask for
          a change.
          {activationMode() === "auto" && " This server runs with OWO_ACTIVATION=auto: requests are approved on submission."}
        </p>
      </div>
      <nav aria-label="Request status" className="flex flex-wrap gap-1 text-sm">
        {TABS.map((t) => (
          <Link
            key={t.status}
            href={`/admin/activations?status=${t.status}`}
            aria-current={t.status === status ? "page" : undefined}
            className={cn(
              "rounded-md px-3 py-1.5",
              t.status === status ? "bg-neutral-200/70 font-medium dark:bg-neutral-800" : "text-neutral-600 hover:bg-neutral-100 dark:hover:bg-neutral-900",
            )}
          >
            {t.label}
          </Link>
        ))}
      </nav>
      {items.length === 0 ? (
        <Card className="py-10 text-center text-sm text-neutral-500" data-testid="activation-queue-empty">
          {status === "submitted" ? "Nothing to review: no activation request is waiting." : "No requests here."}
        </Card>
      ) : (
        <ListTable testId="activation-queue">
          <ListHead>
            <Th>Submitted</Th>
            <Th>Business</Th>
            <Th>Identity</Th>
            <Th>Status</Th>
          </ListHead>
          <tbody>
            {items.map((i) => (
              <Row key={i.merchantId} data-testid="activation-row" data-merchant-id={i.merchantId}>
                <td data-phone="date" className="px-4 py-2 whitespace-nowrap">
                  {i.submittedAt ? <DateTime at={i.submittedAt} /> : "—"}
                </td>
                <td data-phone="primary" className="px-4 py-2">
                  <Link href={`/admin/activations/${i.merchantId}`} className="font-medium text-accent hover:underline" data-testid="activation-open">
                    {i.merchantName}
                  </Link>
                  <span className="ml-1 text-xs capitalize text-neutral-500">{i.type}</span>
                </td>
                <td data-label="Identity" className="px-4 py-2">
                  {i.identityOutcome ? (
                    <StatusBadge
                      status={i.identityOutcome === "match" ? "completed" : i.identityOutcome === "mismatch" ? "failed" : "pending"}
                      label={IDENTITY_OUTCOME_LABELS[i.identityOutcome as IdentityOutcome]}
                    />
                  ) : (
                    "—"
                  )}
                </td>
                <td data-phone="status" className="px-4 py-2">
                  <StatusBadge status={i.status} />
                </td>
              </Row>
            ))}
          </tbody>
        </ListTable>
      )}
    </div>
  );
}
