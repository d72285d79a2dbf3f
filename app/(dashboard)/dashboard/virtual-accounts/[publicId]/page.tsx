import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound, redirect } from "next/navigation";
import { AutoRefresh } from "@/components/ui/auto-refresh";
import { StatusBadge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { DateTime } from "@/components/ui/date-time";
import { formatDateTime } from "@/components/ui/format-time";
import { AMOUNT_RULE_LABELS } from "@/components/virtual-accounts/amount-rules";
import { relativeTime } from "@/components/virtual-accounts/expiry-hint";
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { isAppError } from "@/lib/errors";
import { formatNaira, koboToNaira } from "@/lib/money";
import { payerName } from "@/lib/payments/list-payments";
import { getVirtualAccountOrThrow } from "@/lib/virtual-accounts/get-virtual-account";
import { listVirtualAccountPayments } from "@/lib/virtual-accounts/virtual-account-payments";
import { SimulatePayment } from "@/components/sandbox/simulate-payment";
import { sourceLabel } from "@/lib/status-label";
import { TimelineCard } from "@/components/ui/timeline-card";
import { TableScroll } from "@/components/ui/table-scroll";

export const metadata: Metadata = { title: "Virtual account" };

// `provider` (the partner key) is deprecated and never displayed (api.md): only the bank shows.
export default async function VirtualAccountPage({ params }: { params: Promise<{ publicId: string }> }) {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/sign-in");
  const { publicId } = await params;
  const va = await getVirtualAccountOrThrow(ctx.db, { ...ctx.scope, publicId: decodeURIComponent(publicId) }).catch((err) => {
    if (isAppError(err)) return null;
    throw err;
  });
  if (!va) notFound();
  const received = await listVirtualAccountPayments(ctx.db, va.id);
  const now = new Date();
  const row = (label: string, value: React.ReactNode) => (
    <>
      <dt className="text-neutral-500">{label}</dt>
      <dd>{value}</dd>
    </>
  );
  const timeline = [
    { label: "Created", at: va.createdAt },
    va.status === "cancelled" ? { label: "Cancelled: the bank could not issue a number", at: va.createdAt } : null,
    va.completedAt ? { label: "Completed: payment received", at: va.completedAt } : null,
    va.retiredAt ? { label: "Retired before expiry (checkout moved on)", at: va.retiredAt } : null,
    va.status === "expired" && !va.retiredAt && va.expiresAt ? { label: "Expired", at: va.expiresAt } : null,
  ].filter((e): e is { label: string; at: Date } => e !== null);
  return (
    <div className="space-y-5">
      {/* A pending account can be paid (or lapse) at any moment: keep the page current. */}
      <AutoRefresh active={va.status === "pending"} everyMs={5_000} />
      <Link href="/dashboard/virtual-accounts" className="text-sm text-accent hover:underline">
        ← Virtual accounts
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="text-2xl font-semibold tabular-nums" data-testid="va-amount">
            {va.amount === null ? "Any amount" : formatNaira(va.amount)}
          </p>
          <div className="mt-1 flex items-center gap-2">
            <span data-testid="va-status">
              <StatusBadge status={va.status} />
            </span>
            {va.status === "pending" && va.expiresAt && <span className="text-sm text-neutral-600">expires {relativeTime(va.expiresAt, now)}</span>}
          </div>
        </div>
      </div>
      <SimulatePayment mode={ctx.mode} role={ctx.role} target="virtual_account" id={va.publicId} amountKobo={va.amount} />
      <Card className="space-y-1">
        {va.accountNumber ? (
          <>
            <p className="text-sm text-neutral-500">Pay to</p>
            <p className="flex items-center gap-2">
              <span className="font-mono text-3xl font-semibold tracking-wider" data-testid="va-account-number">
                {va.accountNumber}
              </span>
              <CopyButton value={va.accountNumber} label="Copy account number" />
            </p>
            <p className="text-lg font-medium" data-testid="va-bank-name">
              {va.bankName}
            </p>
            <p className="text-sm text-neutral-600">{va.accountName}</p>
            {va.amount !== null && (
              <p className="flex items-center gap-1 pt-2 text-sm text-neutral-600">
                Amount {formatNaira(va.amount)}
                <CopyButton value={koboToNaira(va.amount)} label="Copy amount" />
              </p>
            )}
          </>
        ) : (
          <p className="text-sm text-neutral-600" data-testid="va-no-number">
            {va.bankName} could not issue an account number{va.failureReason ? ` (${va.failureReason})` : ""}. Nothing can be paid into this record; create a
            new virtual account.
          </p>
        )}
      </Card>
      <Card>
        <dl className="grid grid-cols-[10rem_1fr] gap-x-4 gap-y-2 text-sm">
          {row(
            "Public id",
            <span className="flex items-center gap-1 font-mono text-xs">
              {va.publicId}
              <CopyButton value={va.publicId} label="Copy public id" />
            </span>,
          )}
          {row(
            "Reference",
            <span className="flex items-center gap-1 font-mono text-xs" data-testid="va-reference">
              {va.reference}
              <CopyButton value={va.reference} label="Copy reference" />
            </span>,
          )}
          {row("Bank", `${va.bankName}${va.bankCode ? ` (${va.bankCode})` : ""}`)}
          {row("Accepts", va.amount === null ? "Any amount" : AMOUNT_RULE_LABELS[va.amountValidation])}
          {row("Expires", va.expiresAt ? <DateTime at={va.expiresAt} seconds /> : "—")}
          {row("Source", sourceLabel(va.source))}
          {va.sessionId &&
            row(
              "Checkout session",
              <Link href={`/dashboard/sessions/${va.sessionId}`} className="font-mono text-xs text-accent hover:underline">
                {va.sessionId}
              </Link>,
            )}
          {row("Created", formatDateTime(va.createdAt, { seconds: true }))}
          {va.completedAt && row("Completed", formatDateTime(va.completedAt, { seconds: true }))}
        </dl>
      </Card>
      <TimelineCard testId="va-timeline" entries={timeline.map((e, i) => ({ key: i, title: e.label, at: e.at }))} />
      <Card className="p-0">
        <h2 className="border-b border-neutral-200 px-5 py-3 font-medium dark:border-neutral-800">Payments</h2>
        {received.length === 0 ? (
          <p className="px-5 py-4 text-sm text-neutral-500" data-testid="va-no-payments">
            {va.status === "pending" ? "No payment yet. The account completes when a matching transfer arrives." : "No payment was received."}
          </p>
        ) : (
          <TableScroll>
            <table className="w-full text-left text-sm" data-testid="va-payments">
              <tbody>
                {received.map((p) => (
                  <tr key={p.id} className="border-t border-neutral-100 first:border-0 dark:border-neutral-800">
                    <td className="px-5 py-2 font-mono text-xs">
                      <Link href={`/dashboard/payments/${encodeURIComponent(p.reference)}`} className="text-accent hover:underline">
                        {p.reference}
                      </Link>
                    </td>
                    <td className="px-5 py-2">{payerName(p) ?? "—"}</td>
                    <td className="whitespace-nowrap px-5 py-2 text-right tabular-nums">{formatNaira(p.amount)}</td>
                    <td className="px-5 py-2 text-right text-neutral-500">{formatDateTime(p.paidAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </Card>
    </div>
  );
}
