import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { redirect } from "next/navigation";
import { ProductBanner } from "@/components/static-accounts/product-banner";
import { StatusBadge } from "@/components/ui/badge";
import { DateTime } from "@/components/ui/date-time";
import { FilterBar, FilterField, StatusOptions } from "@/components/ui/filter-bar";
import { Select } from "@/components/ui/select";
import { listHref } from "@/components/ui/list-href";
import { Paging } from "@/components/ui/paging";
import { FromYourServer } from "@/components/ui/api-hint";
import { EmptyHint, EmptyState } from "@/components/ui/empty-state";
import { ListHead, ListTable, Row, Th } from "@/components/ui/list-table";
import { STATIC_ACCOUNT_STATUSES } from "@/lib/static-accounts/list-static-accounts";
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { roleHint, rolePolicy } from "@/lib/auth/role-policy";
import { formatNaira } from "@/lib/money";
import { listDashboardStaticAccounts, parseStaticAccountSearch } from "@/lib/static-accounts/dashboard-queries";

export const metadata: Metadata = { title: "Static accounts" };

type Search = Record<string, string | string[] | undefined>;

export default async function StaticAccountsPage({ searchParams }: { searchParams: Promise<Search> }) {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/sign-in");
  const query = parseStaticAccountSearch(await searchParams);
  const result = await listDashboardStaticAccounts(ctx.db, { ...ctx.scope, ...query });
  const enabled = ctx.merchant.staticAccounts === "enabled";
  const canCreate = enabled && rolePolicy.createReceivables(ctx.role);
  const filtered = Boolean(query.status || query.search);
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-xl font-semibold">Static accounts</h1>
          <p className="mt-1 text-sm text-neutral-500">
            Permanent bank account numbers, one per customer, checked against the customer&apos;s identity record.
          </p>
        </div>
        {canCreate ? (
          <Link
            href="/dashboard/static-accounts/new"
            className="inline-flex h-9 items-center rounded-md bg-accent px-4 text-sm font-medium text-white hover:bg-accent-hover"
            data-testid="new-static-account"
          >
            New static account
          </Link>
        ) : (
          enabled && (
            <span className="self-center text-xs text-neutral-500" data-testid="role-hint">
              {roleHint(ctx.role, "create static accounts")}
            </span>
          )
        )}
      </div>
      <ProductBanner state={ctx.merchant.staticAccounts} />
      <FilterBar action="/dashboard/static-accounts" clearHref={filtered && "/dashboard/static-accounts"}>
        <FilterField label="Search">
          <input
            name="search"
            defaultValue={query.search ?? ""}
            placeholder="Number, customer, reference, email"
            className="h-9 w-72 rounded-md border border-neutral-300 bg-white px-3 text-sm dark:border-neutral-700 dark:bg-neutral-900"
            data-testid="sa-search"
          />
        </FilterField>
        <FilterField label="Status">
          <Select name="status" defaultValue={query.status ?? ""} data-testid="sa-status-filter">
            <StatusOptions statuses={STATIC_ACCOUNT_STATUSES} />
          </Select>
        </FilterField>
      </FilterBar>
      {result.items.length === 0 ? (
        <EmptyState testId="static-accounts-empty" title={filtered ? "No static accounts match these filters" : "No static accounts yet"}>
          {!filtered && (
            <EmptyHint>
              {canCreate ? (
                <>
                  <Link href="/dashboard/static-accounts/new" className="text-accent underline">
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
          testId="static-accounts-table"
          footer={
            <Paging
              total={result.total}
              page={result.page}
              totalPages={result.total_pages}
              noun="static account"
              testId="static-accounts-total"
              link={(p) => listHref("/dashboard/static-accounts", { status: query.status, search: query.search, page: p })}
            />
          }
        >
          <ListHead>
            <Th>Account</Th>
            <Th>Customer</Th>
            <Th right>Received</Th>
            <Th>Status</Th>
            <Th>Reference</Th>
            <Th>Created</Th>
          </ListHead>
          <tbody>
            {result.items.map((sa) => (
              <Row key={sa.id} data-testid="static-account-row">
                <td data-phone="primary" className="px-4 py-2">
                  <Link href={`/dashboard/static-accounts/${sa.id}`} className="font-mono font-medium text-accent hover:underline">
                    {sa.accountNumber}
                  </Link>
                  <p className="text-xs text-neutral-500">{sa.bankName}</p>
                </td>
                <td data-label="Customer" className="px-4 py-2">
                  <p>{sa.customerName}</p>
                  {sa.customerEmail && <p className="text-xs text-neutral-500">{sa.customerEmail}</p>}
                </td>
                <td data-phone="amount" className="px-4 py-2 text-right tabular-nums">
                  {formatNaira(sa.totalReceived)}
                  <p className="text-xs text-neutral-500">
                    {sa.inflowCount} payment{sa.inflowCount === 1 ? "" : "s"}
                  </p>
                </td>
                <td data-phone="status" className="px-4 py-2">
                  <StatusBadge status={sa.status} />
                </td>
                <td data-label="Reference" className="max-w-48 truncate px-4 py-2 font-mono text-xs" title={sa.reference}>
                  {sa.reference}
                </td>
                <td data-phone="date" className="px-4 py-2 whitespace-nowrap">
                  <DateTime at={sa.createdAt} />
                </td>
              </Row>
            ))}
          </tbody>
        </ListTable>
      )}
    </div>
  );
}
