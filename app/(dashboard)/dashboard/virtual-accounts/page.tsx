import type { Metadata } from "next";
import { FilterBar, FilterField, StatusOptions } from "@/components/ui/filter-bar";
import { Select } from "@/components/ui/select";
import { listHref } from "@/components/ui/list-href";
import { Paging } from "@/components/ui/paging";
import Link from "@/components/ui/link";
import { redirect } from "next/navigation";
import { StatusBadge } from "@/components/ui/badge";
import { DateTime } from "@/components/ui/date-time";
import { FromYourServer } from "@/components/ui/api-hint";
import { EmptyHint, EmptyState } from "@/components/ui/empty-state";
import { ListHead, ListTable, Row, Th } from "@/components/ui/list-table";
import { relativeTime } from "@/components/virtual-accounts/expiry-hint";
import { VIRTUAL_ACCOUNT_STATUSES } from "@/lib/virtual-accounts/list-virtual-accounts";
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { roleHint, rolePolicy } from "@/lib/auth/role-policy";
import { formatNaira } from "@/lib/money";
import { listVirtualAccounts } from "@/lib/virtual-accounts/list-virtual-accounts";
import { parseVirtualAccountSearch } from "@/lib/virtual-accounts/parse-filter";
import { sourceLabel } from "@/lib/status-label";

export const metadata: Metadata = { title: "Virtual accounts" };

type Search = Record<string, string | string[] | undefined>;

export default async function VirtualAccountsPage({ searchParams }: { searchParams: Promise<Search> }) {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/sign-in");
  const query = parseVirtualAccountSearch(await searchParams);
  const result = await listVirtualAccounts(ctx.db, { ...ctx.scope, ...query });
  const canCreate = rolePolicy.createReceivables(ctx.role);
  const now = new Date();
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-xl font-semibold">Virtual accounts</h1>
          <p className="mt-1 text-sm text-neutral-500">Temporary bank account numbers, one per payment. The bank differs between accounts.</p>
        </div>
        {canCreate ? (
          <Link
            href="/dashboard/virtual-accounts/new"
            className="inline-flex h-9 items-center rounded-md bg-accent px-4 text-sm font-medium text-white hover:bg-accent-hover"
            data-testid="new-virtual-account"
          >
            New virtual account
          </Link>
        ) : (
          <span className="self-center text-xs text-neutral-500" data-testid="role-hint">
            {roleHint(ctx.role, "create virtual accounts")}
          </span>
        )}
      </div>
      <FilterBar action="/dashboard/virtual-accounts" clearHref={query.status && "/dashboard/virtual-accounts"}>
        <FilterField label="Status">
          <Select name="status" defaultValue={query.status ?? ""} data-testid="va-status-filter">
            <StatusOptions statuses={VIRTUAL_ACCOUNT_STATUSES} />
          </Select>
        </FilterField>
      </FilterBar>
      {result.items.length === 0 ? (
        <EmptyState testId="virtual-accounts-empty" title={<>{query.status ? `No ${query.status} virtual accounts` : "No virtual accounts yet"}</>}>
          {!query.status && (
            <EmptyHint>
              {canCreate ? (
                <>
                  <Link href="/dashboard/virtual-accounts/new" className="text-accent underline">
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
          testId="virtual-accounts-table"
          footer={
            <Paging
              total={result.total}
              page={result.page}
              totalPages={result.total_pages}
              noun="virtual account"
              testId="virtual-accounts-total"
              link={(p) => listHref("/dashboard/virtual-accounts", { status: query.status, page: p })}
            />
          }
        >
          <ListHead>
            <Th>Account</Th>
            <Th right>Amount</Th>
            <Th>Status</Th>
            <Th>Expires</Th>
            <Th>Source</Th>
            <Th>Created</Th>
          </ListHead>
          <tbody>
            {result.items.map((va) => (
              <Row key={va.id} data-testid="virtual-account-row">
                <td data-phone="primary" className="px-4 py-2">
                  <Link href={`/dashboard/virtual-accounts/${va.publicId}`} className="font-mono font-medium text-accent hover:underline">
                    {va.accountNumber ?? "No number"}
                  </Link>
                  <p className="text-xs text-neutral-500">{va.bankName}</p>
                </td>
                <td data-phone="amount" className="whitespace-nowrap px-4 py-2 text-right tabular-nums">
                  {va.amount === null ? "Any" : formatNaira(va.amount)}
                </td>
                <td data-phone="status" className="px-4 py-2">
                  <StatusBadge status={va.status} />
                </td>
                <td data-label="Expires" className="px-4 py-2 whitespace-nowrap">
                  <DateTime at={va.expiresAt}>{va.expiresAt && va.status === "pending" ? relativeTime(va.expiresAt, now) : undefined}</DateTime>
                </td>
                <td data-label="Source" className="px-4 py-2">
                  {sourceLabel(va.source)}
                </td>
                <td data-phone="date" className="px-4 py-2 whitespace-nowrap">
                  <DateTime at={va.createdAt} />
                </td>
              </Row>
            ))}
          </tbody>
        </ListTable>
      )}
    </div>
  );
}
