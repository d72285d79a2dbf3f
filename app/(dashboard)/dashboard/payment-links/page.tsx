import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { redirect } from "next/navigation";
import { PaymentLinkFormButton } from "@/components/payment-links/payment-link-form";
import { StatusBadge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import { DateTime } from "@/components/ui/date-time";
import { EmptyHint, EmptyState } from "@/components/ui/empty-state";
import { FilterBar, FilterField } from "@/components/ui/filter-bar";
import { listHref } from "@/components/ui/list-href";
import { ListHead, ListTable, Row, Th } from "@/components/ui/list-table";
import { Paging } from "@/components/ui/paging";
import { ControlInput } from "@/components/ui/select";
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { roleHint, rolePolicy } from "@/lib/auth/role-policy";
import { flattenSearch } from "@/lib/lists/paging";
import { linkAmountText } from "@/lib/payment-links/link-amount-text";
import { ListPaymentLinksQuery } from "@/lib/payment-links/payment-link-input";
import { listPaymentLinks } from "@/lib/payment-links/payment-links";

export const metadata: Metadata = { title: "Payment links" };

type Search = Record<string, string | string[] | undefined>;
const td = "px-4 py-2";

export default async function PaymentLinksPage({ searchParams }: { searchParams: Promise<Search> }) {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/sign-in");
  const parsed = ListPaymentLinksQuery.safeParse(flattenSearch(await searchParams));
  const query = parsed.success ? parsed.data : ListPaymentLinksQuery.parse({});
  const result = await listPaymentLinks(ctx.db, { ...ctx.scope, ...query });
  const canCreate = rolePolicy.createReceivables(ctx.role);

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-xl font-semibold">Payment links</h1>
          <p className="mt-1 text-sm text-neutral-500">A page to share on WhatsApp, Instagram or a flyer: customers open it and pay, no website needed.</p>
        </div>
        {canCreate ? (
          <PaymentLinkFormButton />
        ) : (
          <span className="self-center text-xs text-neutral-500" data-testid="role-hint">
            {roleHint(ctx.role, "create payment links")}
          </span>
        )}
      </div>
      {(result.total > 0 || query.search) && (
        <FilterBar action="/dashboard/payment-links" clearHref={query.search && "/dashboard/payment-links"}>
          <FilterField label="Search">
            <ControlInput
              name="search"
              defaultValue={query.search ?? ""}
              placeholder="Title or link address"
              className="w-full px-3 sm:w-64"
              data-testid="payment-links-search"
            />
          </FilterField>
        </FilterBar>
      )}
      {result.items.length === 0 ? (
        <EmptyState testId="payment-links-empty" title={query.search ? "No payment links match this search" : "No payment links yet"}>
          {!query.search && (
            <EmptyHint>
              {canCreate ? "Create one above" : "An owner or developer can create one"}: give it a title and a price (or let the customer choose), then share
              its link or QR code.
            </EmptyHint>
          )}
        </EmptyState>
      ) : (
        <ListTable
          testId="payment-links-table"
          footer={
            <Paging
              testId="payment-links-total"
              total={result.total}
              page={result.page}
              totalPages={result.total_pages}
              noun="payment link"
              link={(page) => listHref("/dashboard/payment-links", { search: query.search, page })}
            />
          }
        >
          <ListHead>
            <Th>Title</Th>
            <Th right>Amount</Th>
            <Th>Status</Th>
            <th className="hidden px-4 py-2 font-medium sm:table-cell">Created</th>
          </ListHead>
          <tbody>
            {result.items.map((l) => (
              <Row key={l.id} data-testid="payment-link-row">
                <td className={cn(td, "max-w-[14rem] sm:max-w-none")}>
                  <Link href={`/dashboard/payment-links/${l.id}`} className="font-medium break-words text-accent hover:underline">
                    {l.title}
                  </Link>
                  <p className="font-mono text-xs text-neutral-500">/l/{l.slug}</p>
                </td>
                <td className={cn(td, "text-right tabular-nums")}>{linkAmountText(l)}</td>
                <td className={td}>
                  <StatusBadge status={l.isActive ? "active" : "deactivated"} label={l.isActive ? "Active" : "Inactive"} />
                </td>
                <td className={cn(td, "hidden whitespace-nowrap sm:table-cell")}>
                  <DateTime at={l.createdAt} />
                </td>
              </Row>
            ))}
          </tbody>
        </ListTable>
      )}
    </div>
  );
}
