import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { redirect } from "next/navigation";
import { RequestLogsTable } from "@/components/developers/request-logs-table";
import { EmptyHint, EmptyState } from "@/components/ui/empty-state";
import { FilterBar, FilterField } from "@/components/ui/filter-bar";
import { listHref } from "@/components/ui/list-href";
import { Paging } from "@/components/ui/paging";
import { Select } from "@/components/ui/select";
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { listRequestLogs, parseStatusClass, requestLogKeyOptions, STATUS_CLASSES } from "@/lib/observability/list-request-logs";
import { requestLogLimit } from "@/lib/observability/prune-request-logs";

export const metadata: Metadata = { title: "API request logs" };

type Search = { key?: string; status?: string; page?: string };

const BASE = "/dashboard/developers/logs";

export default async function RequestLogsPage({ searchParams }: { searchParams: Promise<Search> }) {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/sign-in");
  const search = await searchParams;
  const page = Math.max(1, Math.min(1_000_000, Number(search.page) || 1));
  const keys = await requestLogKeyOptions(ctx.db, ctx.merchant.id, ctx.mode);
  // Only this merchant's keys in this mode are a filter; anything else is ignored.
  const keyPairId = keys.some((k) => k.id === search.key) ? search.key : undefined;
  const statusClass = parseStatusClass(search.status);
  const result = await listRequestLogs(ctx.db, { ...ctx.scope, keyPairId, statusClass, page, pageSize: 25 });
  const keyLabels = Object.fromEntries(keys.map((k) => [k.id, `${k.secretPrefix}…`]));
  const filtered = Boolean(keyPairId || statusClass);
  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-xl font-semibold">API request logs</h1>
        <p className="text-sm text-neutral-500">
          The last {requestLogLimit().toLocaleString("en-NG")} requests of each {ctx.mode} key, with status and correlation id (quote it to support). Bodies and
          keys are never stored.
        </p>
      </div>
      <FilterBar action={BASE} clearHref={filtered && BASE} submitLabel="Filter">
        <FilterField label="Key">
          <Select name="key" defaultValue={keyPairId ?? ""} data-testid="request-logs-key">
            <option value="">All keys</option>
            {keys.map((k) => (
              <option key={k.id} value={k.id}>{`${k.name} (${k.secretPrefix}…)${k.revoked ? " · revoked" : ""}`}</option>
            ))}
          </Select>
        </FilterField>
        <FilterField label="Status">
          <Select name="status" defaultValue={statusClass ?? ""} data-testid="request-logs-status">
            <option value="">Any status</option>
            {STATUS_CLASSES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Select>
        </FilterField>
      </FilterBar>
      {result.items.length === 0 ? (
        <EmptyState testId="request-logs-empty" title={<>No API requests{filtered ? " match these filters" : " yet"}</>}>
          <EmptyHint>
            Requests made with your {ctx.mode} keys appear here about a second after they are answered. Find your keys under{" "}
            <Link href="/dashboard/developers" className="text-accent underline">
              API keys
            </Link>
            .
          </EmptyHint>
        </EmptyState>
      ) : (
        <RequestLogsTable
          rows={result.items}
          keyLabels={keyLabels}
          footer={
            <Paging
              total={result.total}
              page={result.page}
              totalPages={result.total_pages}
              noun="request"
              link={(p) => listHref(BASE, { key: keyPairId, status: statusClass, page: p })}
            />
          }
        />
      )}
    </div>
  );
}
