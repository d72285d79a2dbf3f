import { and, desc, eq, getTableColumns } from "drizzle-orm";
import { z } from "zod";
import type { DbOrTx } from "@/db/client";
import { customers, payments, type Customer, type Mode, type Payment } from "@/db/schema";
import { csvStream } from "@/lib/csv";
import { countRowsSql } from "@/lib/lists/counts";
import { searchFields } from "@/lib/lists/search";
import { koboToNaira } from "@/lib/money";
import { planPage, readPage } from "@/lib/lists/page-query";
import { flattenSearch, walkList, type ListShape, type Paged } from "@/lib/lists/paging";
import { isUuid } from "@/lib/text-patterns";
import { foldCustomers } from "./fold-customers";

/**
 * The dashboard's customers list query, from URL search params; each field falls back to its
 * default on its own (a bad value in a shared link drops that field only).
 */
export const ListCustomersQuery = z.object({
  page: z.coerce.number().int().min(1).catch(1),
  page_size: z.coerce.number().int().min(1).max(100).catch(20),
  search: z.string().trim().max(128).optional().catch(undefined),
  starting_after: z.string().trim().min(1).max(200).optional().catch(undefined),
  ending_before: z.string().trim().min(1).max(200).optional().catch(undefined),
});
export type ListCustomersQuery = z.output<typeof ListCustomersQuery>;

export function parseCustomerSearch(search: Record<string, string | string[] | undefined>): ListCustomersQuery {
  return ListCustomersQuery.parse(flattenSearch(search));
}

type Scope = { merchantId: string; mode: Mode };
const inScope = (s: Scope) => and(eq(customers.merchantId, s.merchantId), eq(customers.mode, s.mode))!;

/** Search matches the customer's name, email or payer account (the expression of customers_search_idx, migration 0024). */
const customerConditions = (input: { search?: string }) => {
  const q = input.search?.trim();
  return q ? searchFields([customers.name, customers.email, customers.payerAccount], q) : undefined;
};

const SHAPE: ListShape = { table: customers, order: [customers.lastPaidAt, customers.id], cursorColumn: customers.id };

/**
 * One page of a merchant's customers in a mode, the latest payer first: the merchant's pending
 * payments folded first (`foldCustomers`), then rows of the kept `customers` table (one per
 * customer, never an aggregate over payments), counted over the same rows.
 */
export async function listCustomers(tx: DbOrTx, input: Scope & ListCustomersQuery): Promise<Paged<Customer>> {
  await foldCustomers(tx, input);
  return listFoldedCustomers(tx, input);
}

/** The same page as last folded, without folding (the CSV export folds once, then walks its pages). */
async function listFoldedCustomers(tx: DbOrTx, input: Scope & ListCustomersQuery): Promise<Paged<Customer>> {
  const scope = inScope(input);
  const filter = customerConditions(input);
  const plan = await planPage(tx, SHAPE, scope, filter, input);
  const [rows, n] = await readPage(tx, countRowsSql(customers, and(scope, filter)), (listTotal) =>
    tx
      .select({ ...getTableColumns(customers), listTotal })
      .from(customers)
      .where(plan.where)
      .orderBy(...plan.orderBy),
  );
  return plan.finish(rows, n);
}

/** One customer of this merchant and mode by id, their pending payments folded first; null when the id is not one of theirs. */
export async function findCustomer(tx: DbOrTx, input: Scope & { id: string }): Promise<Customer | null> {
  if (!isUuid(input.id)) return null;
  await foldCustomers(tx, input);
  const [row] = await tx
    .select()
    .from(customers)
    .where(and(inScope(input), eq(customers.id, input.id)));
  return row ?? null;
}

export const CustomerPaymentsQuery = z.object({ page: z.coerce.number().int().min(1).catch(1), page_size: z.coerce.number().int().min(1).max(100).catch(20) });

/**
 * A page of the customer's payments, newest first, through payments_customer_idx (merchant,
 * mode, customer key, paid at); the total is the customer's kept count.
 */
export async function listCustomerPayments(tx: DbOrTx, customer: Customer, paging: { page: number; page_size: number }): Promise<Paged<Payment>> {
  const items = await tx
    .select(getTableColumns(payments))
    .from(payments)
    .where(and(eq(payments.merchantId, customer.merchantId), eq(payments.mode, customer.mode), eq(payments.customerKey, customer.key)))
    .orderBy(desc(payments.paidAt), desc(payments.id))
    .limit(paging.page_size)
    .offset((paging.page - 1) * paging.page_size);
  const total = customer.paymentsCount;
  return { items, total, page: paging.page, page_size: paging.page_size, total_pages: Math.ceil(total / paging.page_size) };
}

/** What the list shows as the customer: their name, else their email, else their account. */
export function customerLabel(c: Pick<Customer, "name" | "email" | "payerAccount" | "payerBank">): string {
  return c.name ?? c.email ?? (c.payerAccount ? `${c.payerAccount}${c.payerBank ? ` (${c.payerBank})` : ""}` : "Unknown customer");
}

const HEADER = ["name", "email", "payer_bank", "payer_account", "payments", "total_naira", "first_paid_at", "last_paid_at", "last_channel", "channels"];

const row = (c: Customer): unknown[] => [
  c.name,
  c.email,
  c.payerBank,
  c.payerAccount,
  c.paymentsCount,
  koboToNaira(c.totalAmount),
  c.firstPaidAt.toISOString(),
  c.lastPaidAt.toISOString(),
  c.lastChannel,
  c.channels.join(" "),
];

/**
 * The dashboard's CSV export of a customers list, at most `maxRows`: the pending payments folded
 * once, then the folded rows walked page by page (walkList), so every page reads the same rows.
 */
export async function customersCsv(db: DbOrTx, input: Scope & ListCustomersQuery, maxRows: number): Promise<ReadableStream<Uint8Array>> {
  await foldCustomers(db, input);
  const batches = walkList(
    (page) => listFoldedCustomers(db, { ...input, ...page }),
    (c) => c.id,
    maxRows,
  );
  return csvStream(HEADER, batches, row);
}
