import type { Metadata } from "next";
import { FilterBar, FilterField, StatusOptions } from "@/components/ui/filter-bar";
import { ControlInput, Select } from "@/components/ui/select";
import { listHref } from "@/components/ui/list-href";
import { Paging } from "@/components/ui/paging";
import Link from "@/components/ui/link";
import { redirect } from "next/navigation";
import { CreateDynamicPayIdButton } from "@/components/payids/create-dynamic-payid-button";
import { CreateStaticPayIdButton } from "@/components/payids/create-static-payid-button";
import { StatusBadge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import { CopyButton } from "@/components/ui/copy-button";
import { DateTime } from "@/components/ui/date-time";
import { formatDateTime } from "@/components/ui/format-time";
import { FromYourServer } from "@/components/ui/api-hint";
import { EmptyHint, EmptyState } from "@/components/ui/empty-state";
import { ListHead, ListTable, Row, Th } from "@/components/ui/list-table";
import { relativeTime } from "@/components/virtual-accounts/expiry-hint";
import type { Db } from "@/db/client";
import type { Mode } from "@/db/schema";
import { DYNAMIC_PAY_ID_STATUSES } from "@/lib/payids/list-dynamic-payids";
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { roleHint, rolePolicy } from "@/lib/auth/role-policy";
import { formatNaira } from "@/lib/money";
import { fullDynamicPayId } from "@/lib/payids/dynamic-payids";
import { getWalletPayId } from "@/lib/payids/find-pay-id";
import { listDynamicPayIds } from "@/lib/payids/list-dynamic-payids";
import { parseDynamicPayIdSearch, parseStaticPayIdSearch } from "@/lib/payids/parse-filter";
import { listStaticPayIds } from "@/lib/payids/static-payids";
import { sourceLabel } from "@/lib/status-label";

export const metadata: Metadata = { title: "PayIDs" };

type Search = Record<string, string | string[] | undefined>;
type Tab = "static" | "dynamic";

const td = "px-4 py-2";

export default async function PayIdsPage({ searchParams }: { searchParams: Promise<Search> }) {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/sign-in");
  const search = await searchParams;
  const business = ctx.merchant.type === "business";
  const tab: Tab = search.tab === "dynamic" || (search.tab !== "static" && !business) ? "dynamic" : "static";
  const canCreate = rolePolicy.createReceivables(ctx.role);
  const scope = { db: ctx.db, ...ctx.scope };
  const wallet = await getWalletPayId(ctx.db, scope);

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-xl font-semibold">PayIDs</h1>
          <p className="mt-1 text-sm text-neutral-500">
            Handles customers pay by name.
            {wallet && (
              <>
                {" "}
                Your wallet PayID is{" "}
                <span className="font-mono" data-testid="payids-wallet-payid">
                  @{wallet.payId}
                </span>
                .
              </>
            )}
          </p>
        </div>
        {canCreate ? (
          <div className="flex gap-2">
            {business && <CreateStaticPayIdButton />}
            <CreateDynamicPayIdButton variant={business ? "secondary" : "primary"} />
          </div>
        ) : (
          <span className="self-center text-xs text-neutral-500" data-testid="role-hint">
            {roleHint(ctx.role, "create PayIDs")}
          </span>
        )}
      </div>
      <nav aria-label="PayID kinds" className="flex gap-1 border-b border-neutral-200 dark:border-neutral-800">
        {(["static", "dynamic"] as const).map((t) => (
          <Link
            key={t}
            href={listHref("/dashboard/payids", { tab: t })}
            aria-current={tab === t ? "page" : undefined}
            data-testid={`payids-tab-${t}`}
            className={cn(
              "-mb-px border-b-2 px-3 py-2 text-sm",
              tab === t ? "border-accent font-medium text-neutral-900 dark:text-neutral-100" : "border-transparent text-neutral-500 hover:text-neutral-800",
            )}
          >
            {t === "static" ? "Static" : "Dynamic"}
          </Link>
        ))}
      </nav>
      {tab === "static" ? (
        <StaticList search={search} scope={scope} business={business} canCreate={canCreate} />
      ) : (
        <DynamicList search={search} scope={scope} canCreate={canCreate} />
      )}
    </div>
  );
}

type Scope = { db: Db; merchantId: string; mode: Mode };

async function StaticList({ search, scope, business, canCreate }: { search: Search; scope: Scope; business: boolean; canCreate: boolean }) {
  if (!business) {
    return (
      <EmptyState testId="static-payids-business-only" title="Static PayIDs are for business accounts">
        <EmptyHint>
          Use a{" "}
          <Link href={listHref("/dashboard/payids", { tab: "dynamic" })} className="text-accent hover:underline">
            dynamic PayID
          </Link>{" "}
          to take a payment.
        </EmptyHint>
      </EmptyState>
    );
  }
  const query = parseStaticPayIdSearch(search);
  const result = await listStaticPayIds(scope.db, { ...scope, ...query });
  return (
    <>
      <FilterBar action="/dashboard/payids" clearHref={query.search && listHref("/dashboard/payids", { tab: "static" })}>
        <input type="hidden" name="tab" value="static" />
        <FilterField label="Search">
          <ControlInput name="search" defaultValue={query.search ?? ""} placeholder="Name or PayID" className="w-64 px-3" data-testid="payids-search" />
        </FilterField>
      </FilterBar>
      {result.items.length === 0 ? (
        <EmptyState testId="static-payids-empty" title={query.search ? "No static PayIDs match this search" : "No static PayIDs yet"}>
          {!query.search && (
            <EmptyHint>
              A static PayID is permanent and reusable: print its QR code at a till or share its link. {canCreate ? "Create one above" : "Create one"}{" "}
              <FromYourServer />.
            </EmptyHint>
          )}
        </EmptyState>
      ) : (
        <ListTable
          testId="static-payids-table"
          footer={
            <Paging
              testId="payids-total"
              total={result.total}
              page={result.page}
              totalPages={result.total_pages}
              noun="static PayID"
              link={(page) => listHref("/dashboard/payids", { tab: "static", search: query.search, page })}
            />
          }
        >
          <ListHead>
            <Th>PayID</Th>
            <Th>Name</Th>
            <Th>Status</Th>
            <Th>Source</Th>
            <Th>Created</Th>
          </ListHead>
          <tbody>
            {result.items.map((p) => (
              <Row key={p.id} data-testid="static-payid-row">
                <td data-phone="primary" className={td}>
                  <span className="flex items-center gap-1">
                    <Link href={`/dashboard/payids/static/${p.id}`} className="font-mono font-medium text-accent hover:underline">
                      {p.payId}
                    </Link>
                    <CopyButton value={p.payId} label="Copy PayID" />
                  </span>
                </td>
                <td data-label="Name" className={td}>
                  {p.name}
                </td>
                <td data-phone="status" className={td}>
                  <StatusBadge status={p.isActive ? "active" : "deactivated"} label={p.isActive ? "Active" : "Inactive"} />
                </td>
                <td data-label="Source" className={td}>
                  {sourceLabel(p.source)}
                </td>
                <td data-phone="date" className={cn(td, "whitespace-nowrap")}>
                  <DateTime at={p.createdAt} />
                </td>
              </Row>
            ))}
          </tbody>
        </ListTable>
      )}
    </>
  );
}

async function DynamicList({ search, scope, canCreate }: { search: Search; scope: Scope; canCreate: boolean }) {
  const query = parseDynamicPayIdSearch(search);
  const result = await listDynamicPayIds(scope.db, { ...scope, ...query });
  const filtered = Boolean(query.search || query.status);
  const now = new Date();
  return (
    <>
      <FilterBar action="/dashboard/payids" clearHref={filtered && listHref("/dashboard/payids", { tab: "dynamic" })}>
        <input type="hidden" name="tab" value="dynamic" />
        <FilterField label="Search">
          <ControlInput name="search" defaultValue={query.search ?? ""} placeholder="Name or PayID" className="w-64 px-3" data-testid="payids-search" />
        </FilterField>
        <FilterField label="Status">
          <Select name="status" defaultValue={query.status ?? ""} data-testid="payids-status-filter">
            <StatusOptions statuses={DYNAMIC_PAY_ID_STATUSES} />
          </Select>
        </FilterField>
      </FilterBar>
      {result.items.length === 0 ? (
        <EmptyState testId="dynamic-payids-empty" title={filtered ? "No dynamic PayIDs match these filters" : "No dynamic PayIDs yet"}>
          {!filtered && (
            <EmptyHint>
              A dynamic PayID takes one payment (or several) and expires on its own. {canCreate ? "Create one above" : "Create one"} <FromYourServer />.
            </EmptyHint>
          )}
        </EmptyState>
      ) : (
        <ListTable
          testId="dynamic-payids-table"
          footer={
            <Paging
              testId="payids-total"
              total={result.total}
              page={result.page}
              totalPages={result.total_pages}
              noun="dynamic PayID"
              link={(page) => listHref("/dashboard/payids", { tab: "dynamic", search: query.search, status: query.status, page })}
            />
          }
        >
          <ListHead>
            <Th>PayID</Th>
            <Th>Name</Th>
            <Th right>Amount</Th>
            <Th>Status</Th>
            <Th>Expires</Th>
            <Th>Created</Th>
          </ListHead>
          <tbody>
            {result.items.map((p) => {
              const full = fullDynamicPayId(p);
              return (
                <Row key={p.id} data-testid="dynamic-payid-row">
                  <td data-phone="primary" className={td}>
                    <span className="flex items-center gap-1">
                      <Link href={`/dashboard/payids/dynamic/${p.id}`} className="font-mono font-medium text-accent hover:underline">
                        {full}
                      </Link>
                      <CopyButton value={full} label="Copy PayID" />
                    </span>
                  </td>
                  <td data-label="Name" className={td}>
                    {p.name}
                  </td>
                  <td data-phone="amount" className={cn(td, "text-right tabular-nums")}>
                    {p.amount === null ? "Any amount" : formatNaira(p.amount)}
                  </td>
                  <td data-phone="status" className={td}>
                    <StatusBadge status={p.status} />
                  </td>
                  <td data-label="Expires" className={cn(td, "whitespace-nowrap")}>
                    <DateTime at={p.expiresAt} title={formatDateTime(p.expiresAt)}>
                      {p.status === "active" ? relativeTime(p.expiresAt, now) : formatDateTime(p.expiresAt)}
                    </DateTime>
                  </td>
                  <td data-phone="date" className={cn(td, "whitespace-nowrap")}>
                    <DateTime at={p.createdAt} />
                  </td>
                </Row>
              );
            })}
          </tbody>
        </ListTable>
      )}
    </>
  );
}
