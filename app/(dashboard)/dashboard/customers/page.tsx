import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { redirect } from "next/navigation";
import { channelLabel } from "@/components/payments/payment-labels";
import { DateTime } from "@/components/ui/date-time";
import { EmptyHint, EmptyState } from "@/components/ui/empty-state";
import { FilterBar, FilterField } from "@/components/ui/filter-bar";
import { listHref } from "@/components/ui/list-href";
import { ListHead, ListTable, Row, Th } from "@/components/ui/list-table";
import { Paging } from "@/components/ui/paging";
import { ControlInput } from "@/components/ui/select";
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { customerLabel, listCustomers, parseCustomerSearch } from "@/lib/customers/list-customers";
import { formatNaira } from "@/lib/money";

export const metadata: Metadata = { title: "Customers" };

type Search = Record<string, string | string[] | undefined>;

export default async function CustomersPage({ searchParams }: { searchParams: Promise<Search> }) {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/sign-in");
  const query = parseCustomerSearch(await searchParams);
  const result = await listCustomers(ctx.db, { ...ctx.scope, ...query });
  const filters = { search: query.search };
  const filtered = Boolean(query.search);
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-xl font-semibold">Customers</h1>
        <a
          href={listHref("/dashboard/customers/export", filters)}
          className="inline-flex h-9 items-center rounded-md border border-neutral-300 bg-white px-4 text-sm font-medium hover:bg-neutral-100 dark:border-neutral-700 dark:bg-neutral-900"
          data-testid="export-csv"
          download
        >
          Export CSV
        </a>
      </div>
      <FilterBar action="/dashboard/customers" clearHref={filtered && "/dashboard/customers"}>
        <FilterField label="Search">
          <ControlInput name="search" defaultValue={query.search ?? ""} placeholder="Name, email or account number" className="w-64 max-w-full px-3" />
        </FilterField>
      </FilterBar>
      {result.items.length === 0 ? (
        <EmptyState testId="customers-empty" title={filtered ? "No customers match this search" : "No customers yet"}>
          {!filtered && (
            <EmptyHint>
              Everyone who pays you appears here, with what they paid: share a{" "}
              <Link href="/dashboard/payids" className="text-accent hover:underline">
                PayID
              </Link>
              , send an{" "}
              <Link href="/dashboard/invoices" className="text-accent hover:underline">
                invoice
              </Link>{" "}
              or start a{" "}
              <Link href="/dashboard/sessions" className="text-accent hover:underline">
                checkout session
              </Link>
              .
            </EmptyHint>
          )}
        </EmptyState>
      ) : (
        <ListTable
          testId="customers-table"
          footer={
            <Paging
              total={result.total}
              page={result.page}
              totalPages={result.total_pages}
              noun="customer"
              testId="customers-total"
              link={(p) => listHref("/dashboard/customers", { ...filters, page: p })}
            />
          }
        >
          <ListHead>
            <Th>Customer</Th>
            <Th right>Payments</Th>
            <Th right>Total paid</Th>
            <Th>Last channel</Th>
            <Th>First payment</Th>
            <Th>Last payment</Th>
          </ListHead>
          <tbody>
            {result.items.map((c) => (
              <Row key={c.id} data-testid="customer-row">
                <td data-phone="primary" className="px-4 py-2">
                  <Link href={`/dashboard/customers/${c.id}`} className="font-medium text-accent hover:underline">
                    {customerLabel(c)}
                  </Link>
                  {c.email && c.name && <p className="text-xs text-neutral-500">{c.email}</p>}
                  {!c.email && c.payerAccount && c.name && (
                    <p className="font-mono text-xs text-neutral-500">
                      {c.payerAccount}
                      {c.payerBank ? ` · ${c.payerBank}` : ""}
                    </p>
                  )}
                </td>
                <td data-label="Payments" className="px-4 py-2 text-right tabular-nums" data-testid="customer-count">
                  {c.paymentsCount}
                </td>
                <td data-phone="amount" className="px-4 py-2 text-right tabular-nums" data-testid="customer-total">
                  {formatNaira(c.totalAmount)}
                </td>
                <td data-label="Last channel" className="px-4 py-2">
                  {channelLabel(c.lastChannel)}
                </td>
                <td data-label="First payment" className="px-4 py-2 whitespace-nowrap">
                  <DateTime at={c.firstPaidAt} />
                </td>
                <td data-phone="date" className="px-4 py-2 whitespace-nowrap">
                  <DateTime at={c.lastPaidAt} />
                </td>
              </Row>
            ))}
          </tbody>
        </ListTable>
      )}
    </div>
  );
}
