import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound, redirect } from "next/navigation";
import { DeactivateDynamicPayIdButton } from "@/components/payids/dynamic-payid-actions";
import { PayIdPaymentsCard } from "@/components/payids/payid-payments-card";
import { PayIdQr } from "@/components/payids/pay-id-qr";
import { AutoRefresh } from "@/components/ui/auto-refresh";
import { StatusBadge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { DateTime } from "@/components/ui/date-time";
import { AMOUNT_RULE_LABELS } from "@/components/virtual-accounts/amount-rules";
import { relativeTime } from "@/components/virtual-accounts/expiry-hint";
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { rolePolicy } from "@/lib/auth/role-policy";
import { isAppError } from "@/lib/errors";
import { payLink } from "@/lib/http/public-url";
import { requestBaseUrl } from "@/lib/http/request-base-url";
import { formatNaira, koboToNaira } from "@/lib/money";
import { fullDynamicPayId } from "@/lib/payids/dynamic-payids";
import { getPayIdById } from "@/lib/payids/find-pay-id";
import { getDynamicPayIdOrThrow } from "@/lib/payids/get-dynamic-payid";
import { payIdPayments } from "@/lib/payids/payid-payments";
import { SimulatePayment } from "@/components/sandbox/simulate-payment";
import { sourceLabel } from "@/lib/status-label";
import { TimelineCard } from "@/components/ui/timeline-card";

export const metadata: Metadata = { title: "Dynamic PayID" };

export default async function DynamicPayIdPage({ params }: { params: Promise<{ id: string }> }) {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/sign-in");
  const { id } = await params;
  const { scope } = ctx;
  // Expiry is applied before answering, as the API's GET does.
  const p = await getDynamicPayIdOrThrow(ctx.db, { ...scope, id }).catch((err) => {
    if (isAppError(err)) return null;
    throw err;
  });
  if (!p) notFound();
  const full = fullDynamicPayId(p);
  const [settlement, received, base] = await Promise.all([
    getPayIdById(ctx.db, p.settlementPayIdId),
    payIdPayments(ctx.db, { ...scope, dynamicPayIdId: p.id }),
    requestBaseUrl(),
  ]);
  const active = p.status === "active";
  const now = new Date();
  const row = (label: string, value: React.ReactNode) => (
    <>
      <dt className="text-neutral-500">{label}</dt>
      <dd className="min-w-0 break-words">{value}</dd>
    </>
  );
  const timeline = [
    { label: "Created", at: p.createdAt },
    p.completedAt
      ? { label: p.allowMultiplePayments ? "Completed at expiry, with payments received" : "Completed: payment received", at: p.completedAt }
      : null,
    p.deactivatedAt ? { label: "Deactivated", at: p.deactivatedAt } : null,
    p.status === "expired" ? { label: "Expired", at: p.expiresAt } : null,
  ].filter((e): e is { label: string; at: Date } => e !== null);
  return (
    <div className="space-y-5">
      {/* An active PayID can be paid (or lapse) at any moment: keep the page current. */}
      <AutoRefresh active={active} everyMs={5_000} />
      <Link href="/dashboard/payids?tab=dynamic" className="text-sm text-accent hover:underline">
        ← PayIDs
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="flex items-center gap-1">
            <span className="font-mono text-2xl font-semibold" data-testid="payid-full">
              {full}
            </span>
            <CopyButton value={full} label="Copy PayID" />
          </p>
          <p className="mt-1 text-lg font-medium tabular-nums" data-testid="payid-amount">
            {p.amount === null ? "Any amount" : formatNaira(p.amount)}
            {p.amount !== null && <CopyButton value={koboToNaira(p.amount)} label="Copy amount" className="ml-1 align-middle" />}
          </p>
          <div className="mt-1 flex items-center gap-2">
            <span data-testid="payid-status">
              <StatusBadge status={p.status} />
            </span>
            {active && <span className="text-sm text-neutral-600">expires {relativeTime(p.expiresAt, now)}</span>}
          </div>
        </div>
        {active && rolePolicy.createReceivables(ctx.role) && <DeactivateDynamicPayIdButton id={p.id} payId={full} />}
      </div>
      <SimulatePayment mode={ctx.mode} role={ctx.role} target="dynamic_payid" id={p.id} amountKobo={p.amount} />
      {active ? (
        <Card>
          <PayIdQr link={payLink(base, full)} payId={full} />
        </Card>
      ) : (
        <p className="rounded-md bg-neutral-100 p-3 text-sm text-neutral-700 dark:bg-neutral-800 dark:text-neutral-300" data-testid="payid-closed">
          This PayID is {p.status} and no longer accepts payments.
        </p>
      )}
      <Card>
        <dl className="grid grid-cols-[10rem_1fr] gap-x-4 gap-y-2 text-sm">
          {row("Name", p.name)}
          {row(
            "Id",
            <span className="flex items-center gap-1 font-mono text-xs">
              {p.id}
              <CopyButton value={p.id} label="Copy id" />
            </span>,
          )}
          {row("Accepts", p.amount === null ? "Any amount" : AMOUNT_RULE_LABELS[p.amountValidation])}
          {row("Payments", p.allowMultiplePayments ? "Several, until it expires" : "One")}
          {row("Expires", <DateTime at={p.expiresAt} seconds />)}
          {row("Settles to", settlement ? <span className="font-mono">{settlement.payId}</span> : "—")}
          {row("Source", sourceLabel(p.source))}
          {p.sessionId &&
            row(
              "Checkout session",
              <Link href={`/dashboard/sessions/${p.sessionId}`} className="font-mono text-xs text-accent hover:underline">
                {p.sessionId}
              </Link>,
            )}
          {row("Received", `${formatNaira(p.amountReceived)} in ${p.paymentCount} payment${p.paymentCount === 1 ? "" : "s"}`)}
        </dl>
      </Card>
      <TimelineCard testId="payid-timeline" entries={timeline.map((e, i) => ({ key: i, title: e.label, at: e.at }))} />
      <PayIdPaymentsCard {...received} empty={active ? "No payment yet. Share the QR code or pay link." : "No payment was received."} />
    </div>
  );
}
