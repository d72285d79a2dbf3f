import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { redirect } from "next/navigation";
import { InvoiceStatusBadge } from "@/components/invoices/invoice-status";
import { DateTime } from "@/components/ui/date-time";
import { FromYourServer } from "@/components/ui/api-hint";
import { EmptyHint, EmptyState } from "@/components/ui/empty-state";
import { FilterBar, FilterField, StatusOptions } from "@/components/ui/filter-bar";
import { listHref } from "@/components/ui/list-href";
import { ListHead, ListTable, Row, Th } from "@/components/ui/list-table";
import { Paging } from "@/components/ui/paging";
import { ControlInput, Select } from "@/components/ui/select";
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { roleHint, rolePolicy } from "@/lib/auth/role-policy";
import { INVOICE_FILTERS } from "@/lib/invoices/invoice-input";
import { listInvoices } from "@/lib/invoices/list-invoices";
import { formatNaira } from "@/lib/money";
import { parseInvoiceSearch } from "@/lib/invoices/dashboard-queries";

export const metadata: Metadata = { title: "Invoices" };

type Search = Record<string, string | string[] | undefined>;

const formatDay = (d: string) => new Intl.DateTimeFormat("en-NG", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${d}T00:00:00Z`));

export default async function InvoicesPage({ searchParams }: { searchParams: Promise<Search> }) {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/sign-in");
  const query = parseInvoiceSearch(await searchParams);
  const result = await listInvoices(ctx.db, { ...ctx.scope, ...query, actor: "dashboard" });
  const filters = { status: query.status, search: query.search };
  const filtered = Boolean(query.status || query.search);
  const canCreate = rolePolicy.createReceivables(ctx.role);
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-xl font-semibold">Invoices</h1>
          <p className="mt-1 text-sm text-neutral-500">Itemised bills with a payment page; customers pay by bank transfer or PayID, in full or in parts.</p>
        </div>
        <div className="flex gap-2">
          <a
            href={listHref("/dashboard/invoices/export", filters)}
            className="inline-flex h-9 items-center rounded-md border border-neutral-300 bg-white px-4 text-sm font-medium hover:bg-neutral-100 dark:border-neutral-700 dark:bg-neutral-900"
            data-testid="export-csv"
            download
          >
            Export CSV
          </a>
          {canCreate ? (
            <Link
              href="/dashboard/invoices/new"
              className="inline-flex h-9 items-center rounded-md bg-accent px-4 text-sm font-medium text-white hover:bg-accent-hover"
              data-testid="new-invoice"
            >
              New invoice
            </Link>
          ) : (
            <span className="self-center text-xs text-neutral-500" data-testid="role-hint">
              {roleHint(ctx.role, "create invoices")}
            </span>
          )}
        </div>
      </div>
      <FilterBar action="/dashboard/invoices" clearHref={filtered && "/dashboard/invoices"}>
        <FilterField label="Search">
          <ControlInput
            name="search"
            defaultValue={query.search ?? ""}
            placeholder="Number, customer, email, reference"
            className="w-72 px-3"
            data-testid="invoices-search"
          />
        </FilterField>
        <FilterField label="Status">
          <Select name="status" defaultValue={query.status ?? ""} data-testid="invoices-status-filter">
            <StatusOptions statuses={INVOICE_FILTERS} />
          </Select>
        </FilterField>
      </FilterBar>
      {result.items.length === 0 ? (
        <EmptyState testId="invoices-empty" title={filtered ? "No invoices match these filters" : "No invoices yet"}>
          {!filtered && (
            <EmptyHint>
              {canCreate ? (
                <>
                  <Link href="/dashboard/invoices/new" className="text-accent underline">
                    Create one
                  </Link>{" "}
                  here,{" "}
                </>
              ) : (
                "Create one "
              )}
              <FromYourServer />.
            </EmptyHint>
          )}
        </EmptyState>
      ) : (
        <ListTable
          testId="invoices-table"
          footer={
            <Paging
              total={result.total}
              page={result.page}
              totalPages={result.total_pages}
              noun="invoice"
              testId="invoices-total"
              link={(p) => listHref("/dashboard/invoices", { ...filters, page: p })}
            />
          }
        >
          <ListHead>
            <Th>Number</Th>
            <Th>Customer</Th>
            <Th right>Total</Th>
            <Th right>Paid</Th>
            <Th>Status</Th>
            <Th>Due</Th>
            <Th>Created</Th>
          </ListHead>
          <tbody>
            {result.items.map((i) => (
              <Row key={i.id} data-testid="invoice-row" data-public-id={i.publicId}>
                <td data-phone="primary" className="px-4 py-2">
                  <Link href={`/dashboard/invoices/${i.publicId}`} className="font-mono font-medium text-accent hover:underline">
                    {i.invoiceNumber}
                  </Link>
                  {i.merchantReference && (
                    <p className="max-w-40 truncate font-mono text-xs text-neutral-500" title={i.merchantReference}>
                      {i.merchantReference}
                    </p>
                  )}
                </td>
                <td data-label="Customer" className="px-4 py-2">
                  <p>{i.customerName}</p>
                  <p className="text-xs text-neutral-500">{i.customerEmail}</p>
                </td>
                <td data-phone="amount" className="whitespace-nowrap px-4 py-2 text-right tabular-nums">
                  {formatNaira(i.total)}
                </td>
                <td data-label="Paid" className="whitespace-nowrap px-4 py-2 text-right tabular-nums">
                  {formatNaira(i.amountPaid)}
                </td>
                <td data-phone="status" className="px-4 py-2">
                  <InvoiceStatusBadge status={i.status} paused={i.paused} />
                </td>
                <td data-label="Due" className="px-4 py-2 whitespace-nowrap">
                  {formatDay(i.dueDate)}
                </td>
                <td data-phone="date" className="px-4 py-2 whitespace-nowrap">
                  <DateTime at={i.createdAt} />
                </td>
              </Row>
            ))}
          </tbody>
        </ListTable>
      )}
    </div>
  );
}
