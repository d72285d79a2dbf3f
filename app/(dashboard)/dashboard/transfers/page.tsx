import type { Metadata } from "next";
import { FilterBar, FilterField, StatusOptions } from "@/components/ui/filter-bar";
import { ControlInput, Select } from "@/components/ui/select";
import { listHref } from "@/components/ui/list-href";
import { Paging } from "@/components/ui/paging";
import Link from "@/components/ui/link";
import { redirect } from "next/navigation";
import { AutoRefresh } from "@/components/ui/auto-refresh";
import { TransferStatus } from "@/components/transfers/transfer-status";
import { TRANSFER_STATUSES } from "@/lib/transfers/list-transfers";
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { roleHint, rolePolicy } from "@/lib/auth/role-policy";
import { formatNaira, koboToNaira } from "@/lib/money";
import { needsStepUp } from "@/lib/auth/two-factor/step-up";
import { approvalThreshold, listPendingApprovals } from "@/lib/transfers/transfer-approvals";
import { Approvals } from "./approvals";
import { countBatchesAwaitingApproval } from "@/lib/bulk-transfers/bulk-batch-view";
import { listTransfers } from "@/lib/transfers/list-transfers";
import { parseTransferSearch } from "@/lib/transfers/parse-filter";
import { DateTime } from "@/components/ui/date-time";
import { EmptyHint, EmptyState } from "@/components/ui/empty-state";
import { ListHead, ListTable, Row, Th } from "@/components/ui/list-table";

export const metadata: Metadata = { title: "Transfers" };

type Search = Record<string, string | string[] | undefined>;

export default async function TransfersPage({ searchParams }: { searchParams: Promise<Search> }) {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/sign-in");
  const query = parseTransferSearch(await searchParams);
  const result = await listTransfers(ctx.db, { ...ctx.scope, ...query });
  const filters = { status: query.status, type: query.type, search: query.search };
  const filtered = Boolean(query.status || query.type || query.search);
  const canSend = rolePolicy.moveMoney(ctx.role, ctx.mode);
  const [threshold, pending, stepUp, waitingBatches] = await Promise.all([
    approvalThreshold(ctx.db, ctx.scope),
    listPendingApprovals(ctx.db, ctx.scope),
    needsStepUp(ctx.db, ctx.user.id),
    countBatchesAwaitingApproval(ctx.db, ctx.scope),
  ]);
  return (
    <div className="space-y-5">
      <AutoRefresh active={result.items.some((t) => t.status === "pending")} />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-xl font-semibold">Transfers</h1>
        <div className="flex flex-wrap gap-2">
          <Link
            href="/dashboard/transfers/wallet"
            className="inline-flex h-9 items-center rounded-md border border-neutral-300 bg-white px-4 text-sm font-medium hover:bg-neutral-100 dark:border-neutral-700 dark:bg-neutral-900"
            data-testid="wallet-settings-link"
          >
            Wallet settings
          </Link>
          <a
            href={listHref("/dashboard/transfers/export", filters)}
            className="inline-flex h-9 items-center rounded-md border border-neutral-300 bg-white px-4 text-sm font-medium hover:bg-neutral-100 dark:border-neutral-700 dark:bg-neutral-900"
            data-testid="export-csv"
            download
          >
            Export CSV
          </a>
          <Link
            href="/dashboard/transfers/bulk"
            className="inline-flex h-9 items-center rounded-md border border-neutral-300 bg-white px-4 text-sm font-medium hover:bg-neutral-100 dark:border-neutral-700 dark:bg-neutral-900"
            data-testid="bulk-transfers-link"
          >
            Bulk transfers
          </Link>
          {canSend ? (
            <Link
              href="/dashboard/transfers/new"
              className="inline-flex h-9 items-center rounded-md bg-accent px-4 text-sm font-medium text-white hover:bg-accent-hover"
              data-testid="send-money"
            >
              Send money
            </Link>
          ) : (
            <span className="self-center text-xs text-neutral-500" data-testid="role-hint">
              {roleHint(ctx.role, "send money", ctx.mode)}
            </span>
          )}
        </div>
      </div>
      {(threshold !== null || pending.length > 0 || rolePolicy.approveTransfers(ctx.role)) && (
        <Approvals
          threshold={threshold === null ? "" : koboToNaira(threshold)}
          canDecide={rolePolicy.approveTransfers(ctx.role)}
          stepUp={stepUp}
          pending={pending.map((p) => ({
            id: p.id,
            amount: p.amount,
            recipientName: p.recipientName,
            requestedByEmail: p.requestedByEmail,
            mine: p.requestedBy === ctx.user.id,
            createdAt: p.createdAt.toISOString(),
          }))}
        />
      )}
      {waitingBatches > 0 && (
        <p className="text-sm" data-testid="bulk-awaiting-approval">
          <Link href="/dashboard/transfers/bulk" className="text-accent hover:underline">
            {waitingBatches === 1 ? "1 bulk transfer waits" : `${waitingBatches} bulk transfers wait`} for approval
          </Link>
        </p>
      )}
      <FilterBar action="/dashboard/transfers" clearHref={filtered && "/dashboard/transfers"}>
        <FilterField label="Search">
          <ControlInput name="search" defaultValue={query.search ?? ""} placeholder="Reference, name or account" className="w-64 px-3" />
        </FilterField>
        <FilterField label="Status">
          <Select name="status" defaultValue={query.status ?? ""}>
            <StatusOptions statuses={TRANSFER_STATUSES} />
          </Select>
        </FilterField>
        <FilterField label="Type">
          <Select name="type" defaultValue={query.type ?? ""}>
            <option value="">Any</option>
            <option value="bank_transfer">Bank transfer</option>
            <option value="payid">PayID</option>
          </Select>
        </FilterField>
      </FilterBar>
      {result.items.length === 0 ? (
        <EmptyState testId="transfers-empty" title={filtered ? "No transfers match these filters" : "No transfers yet"}>
          {!filtered && canSend && (
            <EmptyHint>
              <Link href="/dashboard/transfers/new" className="text-accent hover:underline">
                Send money
              </Link>{" "}
              to a bank account or a PayID.
            </EmptyHint>
          )}
        </EmptyState>
      ) : (
        <ListTable
          testId="transfers-table"
          footer={
            <Paging
              total={result.total}
              page={result.page}
              totalPages={result.total_pages}
              noun="transfer"
              testId="transfers-total"
              link={(p) => listHref("/dashboard/transfers", { ...filters, page: p })}
            />
          }
        >
          <ListHead>
            <Th>Recipient</Th>
            <Th right>Amount</Th>
            <Th>Status</Th>
            <Th>Reference</Th>
            <Th>Date</Th>
          </ListHead>
          <tbody>
            {result.items.map((t) => (
              <Row key={t.id} data-testid="transfer-row">
                <td data-phone="primary" className="px-4 py-2">
                  <Link href={`/dashboard/transfers/${t.reference}`} className="font-medium text-accent hover:underline">
                    {t.recipientName}
                  </Link>
                  <p className="text-xs text-neutral-500">{t.type === "payid" ? "PayID" : `${t.recipientBankName} · ${t.recipientAccountNumber}`}</p>
                </td>
                <td data-phone="amount" className="whitespace-nowrap px-4 py-2 text-right tabular-nums">
                  {formatNaira(t.amount)}
                </td>
                <td data-phone="status" className="px-4 py-2">
                  <TransferStatus status={t.status} />
                </td>
                <td data-label="Reference" className="px-4 py-2 font-mono text-xs">
                  {t.reference}
                </td>
                <td data-phone="date" className="px-4 py-2 whitespace-nowrap">
                  <DateTime at={t.createdAt} />
                </td>
              </Row>
            ))}
          </tbody>
        </ListTable>
      )}
    </div>
  );
}
