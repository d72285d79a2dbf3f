import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound, redirect } from "next/navigation";
import { PayIdPaymentsCard } from "@/components/payids/payid-payments-card";
import { PayIdQr } from "@/components/payids/pay-id-qr";
import { StaticPayIdActions } from "@/components/payids/static-payid-actions";
import { StatusBadge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { formatDateTime } from "@/components/ui/format-time";
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { rolePolicy } from "@/lib/auth/role-policy";
import { isAppError } from "@/lib/errors";
import { payLink } from "@/lib/http/public-url";
import { requestBaseUrl } from "@/lib/http/request-base-url";
import { getPayIdById } from "@/lib/payids/find-pay-id";
import { payIdPayments } from "@/lib/payids/payid-payments";
import { getStaticPayIdOrThrow } from "@/lib/payids/static-payids";
import { SimulatePayment } from "@/components/sandbox/simulate-payment";
import { sourceLabel } from "@/lib/status-label";

export const metadata: Metadata = { title: "Static PayID" };

export default async function StaticPayIdPage({ params }: { params: Promise<{ id: string }> }) {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/sign-in");
  const { id } = await params;
  const { scope } = ctx;
  const p = await getStaticPayIdOrThrow(ctx.db, { ...scope, id }).catch((err) => {
    if (isAppError(err)) return null;
    throw err;
  });
  if (!p) notFound();
  const [settlement, received, base] = await Promise.all([
    getPayIdById(ctx.db, p.settlementPayIdId),
    payIdPayments(ctx.db, { ...scope, staticPayIdId: p.id }),
    requestBaseUrl(),
  ]);
  const row = (label: string, value: React.ReactNode) => (
    <>
      <dt className="text-neutral-500">{label}</dt>
      <dd className="min-w-0 break-words">{value}</dd>
    </>
  );
  return (
    <div className="space-y-5">
      <Link href="/dashboard/payids?tab=static" className="text-sm text-accent hover:underline">
        ← PayIDs
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="flex items-center gap-1">
            <span className="font-mono text-2xl font-semibold" data-testid="payid-full">
              {p.payId}
            </span>
            <CopyButton value={p.payId} label="Copy PayID" />
          </p>
          <div className="mt-1 flex items-center gap-2">
            <span data-testid="payid-status">
              <StatusBadge status={p.isActive ? "active" : "deactivated"} label={p.isActive ? "Active" : "Inactive"} />
            </span>
            <span className="text-sm text-neutral-600" data-testid="payid-name">
              {p.name}
            </span>
          </div>
        </div>
        {rolePolicy.createReceivables(ctx.role) && (
          <StaticPayIdActions id={p.id} payId={p.payId} name={p.name} description={p.description} isActive={p.isActive} />
        )}
      </div>
      <SimulatePayment mode={ctx.mode} role={ctx.role} target="static_payid" id={p.id} />
      {!p.isActive && (
        <p className="rounded-md bg-neutral-100 p-3 text-sm text-neutral-700 dark:bg-neutral-800 dark:text-neutral-300">
          This PayID is deactivated: payments to it are refused until it is reactivated.
        </p>
      )}
      <Card>
        <PayIdQr link={payLink(base, p.payId)} payId={p.payId} />
      </Card>
      <Card>
        <dl className="grid grid-cols-[10rem_1fr] gap-x-4 gap-y-2 text-sm">
          {row(
            "Id",
            <span className="flex items-center gap-1 font-mono text-xs">
              {p.id}
              <CopyButton value={p.id} label="Copy id" />
            </span>,
          )}
          {row("Description", p.description ?? "—")}
          {row("Settles to", settlement ? <span className="font-mono">{settlement.payId}</span> : "—")}
          {row("Source", sourceLabel(p.source))}
          {row("Created by", p.keyPairId ? <span className="font-mono text-xs">API key {p.keyPairId}</span> : "Dashboard")}
          {row("Created", <time dateTime={p.createdAt.toISOString()}>{formatDateTime(p.createdAt, { seconds: true })}</time>)}
          {row("Updated", <time dateTime={p.updatedAt.toISOString()}>{formatDateTime(p.updatedAt, { seconds: true })}</time>)}
        </dl>
      </Card>
      <PayIdPaymentsCard {...received} empty={p.isActive ? "No payments yet. Share the QR code or pay link to receive one." : "No payments were received."} />
    </div>
  );
}
