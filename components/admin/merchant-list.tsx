import Link from "@/components/ui/link";
import { ProductStateControl } from "@/components/admin/product-state-control";
import { StatusBadge } from "@/components/ui/badge";
import { DateTime } from "@/components/ui/date-time";
import { EmptyState } from "@/components/ui/empty-state";
import { listHref } from "@/components/ui/list-href";
import { ListHead, ListTable, Row, Th } from "@/components/ui/list-table";
import { Paging } from "@/components/ui/paging";
import type { AdminMerchantRow } from "@/lib/admin/search-merchants";
import type { Paged } from "@/lib/lists/paging";

const TYPE_LABEL: Record<string, string> = { business: "Business", personal: "Personal" };

/** The admin's merchant search: a GET form (the term stays in the URL), then one page of matches. */
export function MerchantList({ result, q }: { result: Paged<AdminMerchantRow>; q: string }) {
  return (
    <section aria-labelledby="merchants-heading" className="space-y-3">
      <h2 id="merchants-heading" className="text-lg font-semibold">
        Merchants
      </h2>
      <form action="/admin" className="flex flex-wrap items-end gap-2" role="search">
        <label className="min-w-0 flex-1 text-sm sm:max-w-md">
          <span className="mb-1 block font-medium">Search by name, email or id</span>
          <input
            type="search"
            name="q"
            defaultValue={q}
            maxLength={200}
            placeholder="e.g. Ada Foods, ada@example.com"
            data-testid="merchant-search"
            className="h-9 w-full rounded-md border border-neutral-300 bg-white px-3 text-sm outline-none focus:border-accent focus:ring-2 focus:ring-accent/20 dark:border-neutral-700 dark:bg-neutral-900"
          />
        </label>
        <button
          type="submit"
          className="h-9 rounded-md border border-neutral-300 bg-white px-3 text-sm font-medium hover:bg-neutral-100 dark:border-neutral-700 dark:bg-neutral-900"
        >
          Search
        </button>
        {q && (
          <Link href="/admin" className="h-9 px-2 text-sm leading-9 text-accent hover:underline">
            Clear
          </Link>
        )}
      </form>
      {result.items.length === 0 ? (
        <EmptyState testId="admin-merchants-empty" title={q ? `No merchant matches “${q}”` : "No merchants yet"}>
          {q
            ? "Try part of the business name, a member's email or the whole merchant id."
            : "They appear here when someone signs up or `owo merchant create` runs."}
        </EmptyState>
      ) : (
        <ListTable
          testId="admin-merchants"
          footer={
            <Paging
              total={result.total}
              page={result.page}
              totalPages={result.total_pages}
              noun="merchant"
              link={(page) => listHref("/admin", { q, page })}
              testId="admin-merchants-total"
            />
          }
        >
          <ListHead>
            <Th>Name</Th>
            <Th>Owner</Th>
            <Th>Type</Th>
            <Th>Status</Th>
            <Th>Static accounts</Th>
            <Th>Created</Th>
            <Th right>Static accounts product</Th>
          </ListHead>
          <tbody>
            {result.items.map((m) => (
              <Row key={m.id} data-testid={`merchant-row-${m.id}`}>
                <td data-phone="primary" className="px-4 py-2 font-medium">
                  <Link href={`/admin/merchants/${m.id}`} className="text-accent hover:underline">
                    {m.name}
                  </Link>
                </td>
                <td data-label="Owner" className="whitespace-nowrap px-4 py-2">
                  {m.ownerEmail ?? "—"}
                </td>
                <td data-label="Type" className="px-4 py-2">
                  {TYPE_LABEL[m.type] ?? m.type}
                </td>
                <td data-phone="status" className="px-4 py-2" data-testid={`merchant-status-${m.id}`}>
                  <StatusBadge status={m.suspendedAt ? "suspended" : "active"} />
                </td>
                <td data-label="Static accounts" className="px-4 py-2" data-testid={`product-state-${m.id}`}>
                  <StatusBadge status={m.staticAccounts} />
                </td>
                <td data-phone="date" className="whitespace-nowrap px-4 py-2">
                  <DateTime at={m.createdAt} />
                </td>
                <td className="px-4 py-2 text-right">
                  <ProductStateControl merchantId={m.id} merchantName={m.name} state={m.staticAccounts} />
                </td>
              </Row>
            ))}
          </tbody>
        </ListTable>
      )}
    </section>
  );
}
