import type { Metadata } from "next";
import { FilterBar, FilterField, isReversedRange } from "@/components/ui/filter-bar";
import { ControlInput, Select } from "@/components/ui/select";
import { listHref } from "@/components/ui/list-href";
import { Paging } from "@/components/ui/paging";
import Link from "@/components/ui/link";
import { redirect } from "next/navigation";
import { CHANNEL_LABELS, channelLabel, DESTINATION_LABELS, destinationLabel } from "@/components/payments/payment-labels";
import { StatusBadge } from "@/components/ui/badge";
import { DateTime } from "@/components/ui/date-time";
import { EmptyHint, EmptyState } from "@/components/ui/empty-state";
import { ListHead, ListTable, Row, Th } from "@/components/ui/list-table";
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { formatNaira } from "@/lib/money";
import { listPayments, parsePaymentSearch, payerName } from "@/lib/payments/list-payments";
import { destinationDetail } from "@/lib/payments/payments-csv";

export const metadata: Metadata = { title: "Payments" };

type Search = Record<string, string | string[] | undefined>;

export default async function PaymentsPage({ searchParams }: { searchParams: Promise<Search> }) {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/sign-in");
  const query = parsePaymentSearch(await searchParams);
  const result = await listPayments(ctx.db, { ...ctx.scope, ...query });
  const filters = { search: query.search, channel: query.channel, destination: query.destination, from: query.from, to: query.to };
  const filtered = Object.values(filters).some(Boolean);
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-xl font-semibold">Payments</h1>
        <a
          href={listHref("/dashboard/payments/export", filters)}
          className="inline-flex h-9 items-center rounded-md border border-neutral-300 bg-white px-4 text-sm font-medium hover:bg-neutral-100 dark:border-neutral-700 dark:bg-neutral-900"
          data-testid="export-csv"
          download
        >
          Export CSV
        </a>
      </div>
      <FilterBar action="/dashboard/payments" clearHref={filtered && "/dashboard/payments"} range={query}>
        <FilterField label="Search">
          <ControlInput name="search" defaultValue={query.search ?? ""} placeholder="Reference, payer or email" className="w-64 px-3" />
        </FilterField>
        <FilterField label="Channel">
          <Select name="channel" defaultValue={query.channel ?? ""}>
            <option value="">Any</option>
            {Object.entries(CHANNEL_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </FilterField>
        <FilterField label="Paid to">
          <Select name="destination" defaultValue={query.destination ?? ""}>
            <option value="">Anything</option>
            {Object.entries(DESTINATION_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </FilterField>
        <FilterField label="From">
          <ControlInput type="date" name="from" defaultValue={query.from ?? ""} />
        </FilterField>
        <FilterField label="To">
          <ControlInput type="date" name="to" defaultValue={query.to ?? ""} />
        </FilterField>
      </FilterBar>
      {result.items.length === 0 ? (
        <EmptyState
          testId="payments-empty"
          title={isReversedRange(query) ? "The date range runs backwards" : filtered ? "No payments match these filters" : "No payments yet"}
        >
          {!filtered && (
            <EmptyHint>
              Payments appear here when customers pay a{" "}
              <Link href="/dashboard/sessions" className="text-accent underline">
                checkout session
              </Link>
              , a{" "}
              <Link href="/dashboard/payids" className="text-accent underline">
                PayID
              </Link>{" "}
              or a{" "}
              <Link href="/dashboard/virtual-accounts" className="text-accent underline">
                virtual account
              </Link>
              .
            </EmptyHint>
          )}
        </EmptyState>
      ) : (
        <ListTable
          testId="payments-table"
          footer={
            <Paging
              total={result.total}
              page={result.page}
              totalPages={result.total_pages}
              noun="payment"
              testId="payments-total"
              link={(p) => listHref("/dashboard/payments", { ...filters, page: p })}
            />
          }
        >
          <ListHead>
            <Th>Payer</Th>
            <Th right>Amount</Th>
            <Th>Status</Th>
            <Th>Channel</Th>
            <Th>Paid to</Th>
            <Th>Reference</Th>
            <Th>Date</Th>
          </ListHead>
          <tbody>
            {result.items.map((p) => (
              <Row key={p.id} data-testid="payment-row">
                <td data-phone="primary" className="px-4 py-2">
                  <Link href={`/dashboard/payments/${encodeURIComponent(p.reference)}`} className="font-medium text-accent hover:underline">
                    {payerName(p) ?? "Unknown payer"}
                  </Link>
                  {p.customerEmail && <p className="text-xs text-neutral-500">{p.customerEmail}</p>}
                </td>
                <td data-phone="amount" className="px-4 py-2 text-right tabular-nums">
                  {formatNaira(p.amount)}
                  {p.fee > 0 && <p className="text-xs text-neutral-500">net {formatNaira(p.amount - p.fee)}</p>}
                </td>
                <td data-phone="status" className="px-4 py-2">
                  <StatusBadge status={p.status} />
                </td>
                <td data-label="Channel" className="px-4 py-2">
                  {channelLabel(p.channel)}
                </td>
                <td data-label="Paid to" className="px-4 py-2">
                  {destinationLabel(p.destinationKind)}
                  {destinationDetail(p) && (
                    <p className="font-mono text-xs text-neutral-500">
                      {p.destinationKind === "wallet" ? "@" : ""}
                      {destinationDetail(p)}
                    </p>
                  )}
                </td>
                <td data-label="Reference" className="px-4 py-2 font-mono text-xs">
                  {p.reference}
                </td>
                <td data-phone="date" className="px-4 py-2 whitespace-nowrap">
                  <DateTime at={p.paidAt} />
                </td>
              </Row>
            ))}
          </tbody>
        </ListTable>
      )}
    </div>
  );
}
