import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound, redirect } from "next/navigation";
import { channelLabel, destinationLabel } from "@/components/payments/payment-labels";
import { StatusBadge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { DateTime } from "@/components/ui/date-time";
import { ListHead, ListTable, Row, Th } from "@/components/ui/list-table";
import { Paging } from "@/components/ui/paging";
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { CustomerPaymentsQuery, customerLabel, findCustomer, listCustomerPayments } from "@/lib/customers/list-customers";
import { formatNaira } from "@/lib/money";
import { flattenSearch } from "@/lib/lists/paging";

export const metadata: Metadata = { title: "Customer" };

type Search = Record<string, string | string[] | undefined>;

export default async function CustomerPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Search> }) {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/sign-in");
  const { id } = await params;
  const customer = await findCustomer(ctx.db, { ...ctx.scope, id });
  if (!customer) notFound();
  const paging = CustomerPaymentsQuery.parse(flattenSearch(await searchParams));
  const result = await listCustomerPayments(ctx.db, customer, paging);
  const row = (label: string, value: React.ReactNode) => (
    <>
      <dt className="text-neutral-500">{label}</dt>
      <dd className="min-w-0 break-words">{value}</dd>
    </>
  );
  return (
    <div className="space-y-5">
      <Link href="/dashboard/customers" className="text-sm text-accent hover:underline">
        ← Customers
      </Link>
      <div>
        <h1 className="text-xl font-semibold break-words" data-testid="customer-name">
          {customerLabel(customer)}
        </h1>
        <p className="mt-1 text-2xl font-semibold tabular-nums" data-testid="customer-total">
          {formatNaira(customer.totalAmount)}
        </p>
        <p className="text-sm text-neutral-600" data-testid="customer-count">
          {customer.paymentsCount} payment{customer.paymentsCount === 1 ? "" : "s"} · last by {channelLabel(customer.lastChannel)}
        </p>
      </div>
      <Card>
        <dl className="grid grid-cols-[8rem_1fr] gap-x-4 gap-y-2 text-sm">
          {customer.name && row("Name", customer.name)}
          {customer.email &&
            row(
              "Email",
              <span className="flex items-center gap-1">
                {customer.email}
                <CopyButton value={customer.email} label="Copy email" />
              </span>,
            )}
          {customer.payerAccount &&
            row(
              "Bank account",
              <span className="flex items-center gap-1 font-mono text-xs">
                {customer.payerAccount}
                {customer.payerBank ? ` · ${customer.payerBank}` : ""}
                <CopyButton value={customer.payerAccount} label="Copy account number" />
              </span>,
            )}
          {row("Channels", customer.channels.map(channelLabel).join(", "))}
          {row("First payment", <DateTime at={customer.firstPaidAt} />)}
          {row("Last payment", <DateTime at={customer.lastPaidAt} />)}
        </dl>
      </Card>
      <h2 className="text-base font-semibold">Payments</h2>
      <ListTable
        testId="customer-payments-table"
        footer={
          <Paging
            total={result.total}
            page={result.page}
            totalPages={result.total_pages}
            noun="payment"
            link={(p) => `/dashboard/customers/${customer.id}?page=${p}`}
          />
        }
      >
        <ListHead>
          <Th>Reference</Th>
          <Th right>Amount</Th>
          <Th>Status</Th>
          <Th>Channel</Th>
          <Th>Paid to</Th>
          <Th>Date</Th>
        </ListHead>
        <tbody>
          {result.items.map((p) => (
            <Row key={p.id} data-testid="customer-payment-row">
              <td data-phone="primary" className="px-4 py-2">
                <Link href={`/dashboard/payments/${encodeURIComponent(p.reference)}`} className="font-mono text-xs text-accent hover:underline">
                  {p.reference}
                </Link>
              </td>
              <td data-phone="amount" className="px-4 py-2 text-right tabular-nums">
                {formatNaira(p.amount)}
              </td>
              <td data-phone="status" className="px-4 py-2">
                <StatusBadge status={p.status} />
              </td>
              <td data-label="Channel" className="px-4 py-2">
                {channelLabel(p.channel)}
              </td>
              <td data-label="Paid to" className="px-4 py-2">
                {destinationLabel(p.destinationKind)}
              </td>
              <td data-phone="date" className="px-4 py-2 whitespace-nowrap">
                <DateTime at={p.paidAt} />
              </td>
            </Row>
          ))}
        </tbody>
      </ListTable>
    </div>
  );
}
