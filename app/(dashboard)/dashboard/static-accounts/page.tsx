import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { ProductBanner } from "@/components/static-accounts/product-banner";
import { StatusBadge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { FilterBar, FilterField } from "@/components/ui/filter-bar";
import { Select } from "@/components/ui/select";
import { listHref } from "@/components/ui/list-href";
import { Paging } from "@/components/ui/paging";
import { STATIC_ACCOUNT_STATUSES } from "@/db/schema";
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { rolePolicy } from "@/lib/auth/role-policy";
import { formatNaira } from "@/lib/money";
import { listDashboardStaticAccounts, parseStaticAccountSearch } from "@/lib/static-accounts/dashboard-queries";

export const metadata: Metadata = { title: "Static accounts" };

type Search = Record<string, string | string[] | undefined>;

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export default async function StaticAccountsPage({ searchParams }: { searchParams: Promise<Search> }) {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/sign-in");
  const query = parseStaticAccountSearch(await searchParams);
  const result = await listDashboardStaticAccounts(ctx.db, { merchantId: ctx.merchant.id, mode: ctx.mode, ...query });
  const enabled = ctx.merchant.staticAccounts === "enabled";
  const canCreate = enabled && rolePolicy.createReceivables(ctx.role);
  const filtered = Boolean(query.status || query.search);
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-xl font-semibold">Static accounts</h1>
          <p className="mt-1 text-sm text-neutral-500">Permanent bank account numbers, one per customer, checked against the customer&apos;s identity record.</p>
        </div>
        {canCreate && (
          <Link href="/dashboard/static-accounts/new" className="inline-flex h-9 items-center rounded-md bg-accent px-4 text-sm font-medium text-white hover:bg-accent-hover" data-testid="new-static-account">
            New static account
          </Link>
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
            <option value="">Any</option>
            {STATIC_ACCOUNT_STATUSES.map((s) => <option key={s} value={s}>{capitalise(s)}</option>)}
          </Select>
        </FilterField>
      </FilterBar>
      {result.items.length === 0 ? (
        <Card className="py-12 text-center" data-testid="static-accounts-empty">
          <p className="font-medium">{filtered ? "No static accounts match these filters" : "No static accounts yet"}</p>
          {!filtered && (
            <p className="mt-1 text-sm text-neutral-500">
              {canCreate ? <><Link href="/dashboard/static-accounts/new" className="text-accent hover:underline">Create one</Link> here, </> : "Create one "}
              or with POST /v1/checkout/static-account.
            </p>
          )}
        </Card>
      ) : (
        <Card className="overflow-x-auto p-0">
          <table className="w-full text-left text-sm" data-testid="static-accounts-table">
            <thead className="text-xs uppercase text-neutral-500">
              <tr>
                <th className="px-4 py-2 font-medium">Account</th>
                <th className="px-4 py-2 font-medium">Customer</th>
                <th className="px-4 py-2 text-right font-medium">Received</th>
                <th className="px-4 py-2 font-medium">Status</th>
                <th className="px-4 py-2 font-medium">Reference</th>
                <th className="px-4 py-2 font-medium">Created</th>
              </tr>
            </thead>
            <tbody>
              {result.items.map((sa) => (
                <tr key={sa.id} className="border-t border-neutral-100 hover:bg-neutral-50 dark:border-neutral-800 dark:hover:bg-neutral-900" data-testid="static-account-row">
                  <td className="px-4 py-2">
                    <Link href={`/dashboard/static-accounts/${sa.id}`} className="font-mono font-medium text-accent hover:underline">{sa.accountNumber}</Link>
                    <p className="text-xs text-neutral-500">{sa.bankName}</p>
                  </td>
                  <td className="px-4 py-2">
                    <p>{sa.customerName}</p>
                    {sa.customerEmail && <p className="text-xs text-neutral-500">{sa.customerEmail}</p>}
                  </td>
                  <td className="px-4 py-2 text-right tabular-nums">
                    {formatNaira(sa.totalReceived)}
                    <p className="text-xs text-neutral-500">{sa.inflowCount} payment{sa.inflowCount === 1 ? "" : "s"}</p>
                  </td>
                  <td className="px-4 py-2"><StatusBadge status={sa.status} /></td>
                  <td className="max-w-48 truncate px-4 py-2 font-mono text-xs" title={sa.reference}>{sa.reference}</td>
                  <td className="px-4 py-2 whitespace-nowrap"><DateTime at={sa.createdAt} /></td>
                </tr>
              ))}
            </tbody>
          </table>
          <Paging total={result.total} page={result.page} totalPages={result.total_pages} noun="static account" testId="static-accounts-total" link={(p) => listHref("/dashboard/static-accounts", { status: query.status, search: query.search, page: p })} />
        </Card>
      )}
    </div>
  );
}
