import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound, redirect } from "next/navigation";
import { channelLabel } from "@/components/payments/payment-labels";
import { describeSessionEvent } from "@/components/sessions/session-event-text";
import { AutoRefresh } from "@/components/ui/auto-refresh";
import { StatusBadge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { DateTime } from "@/components/ui/date-time";
import { formatDateTime } from "@/components/ui/format-time";
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { checkoutUrl } from "@/lib/http/public-url";
import { requestBaseUrl } from "@/lib/http/request-base-url";
import { formatNaira } from "@/lib/money";
import { getSessionDetail } from "@/lib/sessions/session-detail";
import { TimelineCard } from "@/components/ui/timeline-card";
import { TableScroll } from "@/components/ui/table-scroll";

export const metadata: Metadata = { title: "Checkout session" };

const time = (d: Date) => <DateTime at={d} seconds />;

export default async function SessionPage({ params }: { params: Promise<{ id: string }> }) {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/sign-in");
  const { id } = await params;
  const [detail, base] = await Promise.all([getSessionDetail(ctx.db, { ...ctx.scope, idOrReference: decodeURIComponent(id) }), requestBaseUrl()]);
  if (!detail) notFound();
  const { session: s, timeline, issued, payments, readAt } = detail;
  const active = s.status === "active";
  // The same checkout_url the API handed out: APP_URL, else the address this page was reached at.
  const link = checkoutUrl(base, s.id);
  const minutesLeft = Math.max(0, Math.ceil((s.expiresAt.getTime() - readAt.getTime()) / 60_000));
  const row = (label: string, value: React.ReactNode) => (
    <>
      <dt className="text-neutral-500">{label}</dt>
      <dd>{value}</dd>
    </>
  );
  const mono = (value: string, copy?: string) => (
    <span className="flex items-center gap-1 font-mono text-xs">
      {value}
      {copy && <CopyButton value={value} label={copy} />}
    </span>
  );
  return (
    <div className="space-y-5">
      <AutoRefresh active={active} everyMs={3_000} />
      <Link href="/dashboard/sessions" className="text-sm text-accent hover:underline">
        ← Checkout sessions
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="text-2xl font-semibold tabular-nums" data-testid="session-amount">
            {formatNaira(s.amount)}
          </p>
          <div className="mt-1 flex items-center gap-2">
            <span data-testid="session-status">
              <StatusBadge status={s.status} />
            </span>
            <span className="text-sm text-neutral-600">
              {s.customerName ? `${s.customerName} · ` : ""}
              {s.customerEmail}
            </span>
          </div>
        </div>
        {active && (
          <div className="flex items-center gap-1 text-sm">
            <a href={link} target="_blank" rel="noreferrer" className="text-accent hover:underline" data-testid="checkout-link">
              Open checkout page ↗
            </a>
            <CopyButton value={link} label="Copy checkout link" />
          </div>
        )}
      </div>
      <Card>
        <dl className="grid grid-cols-[10rem_1fr] gap-x-4 gap-y-2 text-sm">
          {row("Reference", <span data-testid="session-reference">{mono(s.reference, "Copy reference")}</span>)}
          {row("Session id", mono(s.id, "Copy session id"))}
          {s.merchantReference && row("Your reference", mono(s.merchantReference, "Copy your reference"))}
          {row("Customer", [s.customerName, s.customerEmail].filter(Boolean).join(" · "))}
          {row("Methods offered", s.enabledPaymentMethods.map(channelLabel).join(", "))}
          {row("Method chosen", s.paymentMethod ? channelLabel(s.paymentMethod) : "Not yet")}
          {row("Attempts", <span data-testid="session-attempts">{s.attempts}</span>)}
          {row("Created", time(s.createdAt))}
          {row(
            active ? "Expires" : "Expiry",
            <>
              {time(s.expiresAt)}
              {active && <span className="text-neutral-500"> · in {minutesLeft} min</span>}
            </>,
          )}
          {s.paidAt && row("Paid", time(s.paidAt))}
          {s.callbackUrl && row("Callback URL", <span className="break-all font-mono text-xs">{s.callbackUrl}</span>)}
          {row("Checkout link", <span className="break-all font-mono text-xs">{link}</span>)}
        </dl>
      </Card>
      {s.lineItems && s.lineItems.length > 0 && (
        <Card className="p-0">
          <h2 className="border-b border-neutral-200 px-5 py-3 font-medium dark:border-neutral-800">Line items</h2>
          <TableScroll>
            <table className="w-full text-left text-sm" data-testid="session-line-items">
              <tbody>
                {s.lineItems.map((li, i) => (
                  <tr key={i} className="border-t border-neutral-100 first:border-0 dark:border-neutral-800">
                    <td className="px-5 py-2">
                      {li.name}
                      {li.description && <p className="text-xs text-neutral-500">{li.description}</p>}
                    </td>
                    <td className="whitespace-nowrap px-5 py-2 text-right tabular-nums text-neutral-500">
                      {li.quantity} × {formatNaira(li.amount)}
                    </td>
                    <td className="whitespace-nowrap px-5 py-2 text-right tabular-nums">{formatNaira(li.quantity * li.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </Card>
      )}
      <Card className="p-0">
        <h2 className="border-b border-neutral-200 px-5 py-3 font-medium dark:border-neutral-800">Payment</h2>
        {payments.length === 0 ? (
          <p className="px-5 py-4 text-sm text-neutral-500">{active ? "Not paid yet. This page updates when the customer pays." : "No payment was made."}</p>
        ) : (
          <ul className="divide-y divide-neutral-100 text-sm dark:divide-neutral-800" data-testid="session-payments">
            {payments.map((p) => (
              <li key={p.reference} className="flex flex-wrap items-center justify-between gap-2 px-5 py-2">
                <Link href={`/dashboard/payments/${encodeURIComponent(p.reference)}`} className="font-mono text-xs text-accent hover:underline">
                  {p.reference}
                </Link>
                <span className="text-neutral-600">
                  {channelLabel(p.channel)} · {formatDateTime(p.paidAt)}
                </span>
                <span className="tabular-nums">{formatNaira(p.amount)}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <TimelineCard
        testId="session-timeline"
        entryTestId="session-event"
        entries={timeline.map((e) => ({ key: e.id, ...describeSessionEvent(e.type, e.data), at: e.createdAt, type: e.type }))}
      />
      {issued.length > 0 && (
        <Card className="p-0">
          <h2 className="border-b border-neutral-200 px-5 py-3 font-medium dark:border-neutral-800">Accounts and PayIDs issued</h2>
          <TableScroll>
            <table className="w-full text-left text-sm" data-testid="session-issued">
              <tbody>
                {issued.map((i) => (
                  <tr key={i.id} className="border-t border-neutral-100 first:border-0 dark:border-neutral-800">
                    <td className="px-5 py-2">{i.kind === "virtual_account" ? "Virtual account" : "Dynamic PayID"}</td>
                    <td className="px-5 py-2 font-mono text-xs">
                      {i.kind === "virtual_account" ? (
                        <Link href={`/dashboard/virtual-accounts/${i.publicId}`} className="text-accent hover:underline">
                          {i.accountNumber ?? "not issued"} · {i.bankName}
                        </Link>
                      ) : (
                        <Link href={`/dashboard/payids/dynamic/${i.id}`} className="text-accent hover:underline">
                          {i.payId}
                        </Link>
                      )}
                    </td>
                    <td className="px-5 py-2">
                      <StatusBadge status={i.status} />
                    </td>
                    <td className="px-5 py-2 text-right text-xs text-neutral-500">
                      {formatDateTime(i.createdAt)}
                      {i.retiredAt && <> → retired {formatDateTime(i.retiredAt)}</>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </Card>
      )}
    </div>
  );
}
