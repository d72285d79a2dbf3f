import { and, eq, getTableColumns, gte, lt, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { DbOrTx } from "@/db/client";
import { checkoutSessions, payIds, payments, PAYMENT_DESTINATIONS, virtualAccounts, type Mode, type Payment } from "@/db/schema";
import type { Channel } from "@/lib/fees/collection-fee";
import { lagosDayStart } from "@/lib/lagos-day";
import { countRowsSql, keptCountSql, type KeptCountKey } from "@/lib/lists/counts";
import { searchFields } from "@/lib/lists/search";
import { flattenSearch, type ListShape, type Paged } from "@/lib/lists/paging";
import { planPage, readPage, shallowPage, shallowPageStatement, type ListTotal } from "@/lib/lists/page-query";
import { searchTotal } from "@/lib/lists/search-counts";

export const PAYMENT_CHANNELS = ["bank_transfer", "payid", "card", "crypto", "static_account"] as const satisfies readonly Channel[];

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)));

/**
 * The dashboard's payments list query, from URL search params. Each field falls back to its
 * default on its own, so one bad value in a shared link drops that filter, not the others.
 */
export const ListPaymentsQuery = z.object({
  page: z.coerce.number().int().min(1).catch(1),
  page_size: z.coerce.number().int().min(1).max(100).catch(20),
  search: z.string().trim().max(128).optional().catch(undefined),
  channel: z.enum(PAYMENT_CHANNELS).optional().catch(undefined),
  destination: z.enum(PAYMENT_DESTINATIONS).optional().catch(undefined),
  /** Inclusive days (YYYY-MM-DD) in Lagos time, when the payment was made. */
  from: day.optional().catch(undefined),
  to: day.optional().catch(undefined),
  starting_after: z.string().trim().min(1).max(200).optional().catch(undefined),
  ending_before: z.string().trim().min(1).max(200).optional().catch(undefined),
});
export type ListPaymentsQuery = z.output<typeof ListPaymentsQuery>;
export type PaymentFilter = Omit<ListPaymentsQuery, "page" | "page_size" | "starting_after" | "ending_before">;

export function parsePaymentSearch(search: Record<string, string | string[] | undefined>): ListPaymentsQuery {
  return ListPaymentsQuery.parse(flattenSearch(search));
}

/** Lagos is UTC+1 all year (no daylight saving): a day starts at 23:00 UTC the day before. */

/** Search matches our reference or the caller's, the payer's or customer's name, or the customer's email. */
function paymentConditions(input: PaymentFilter): SQL | undefined {
  const q = input.search?.trim();
  return and(
    input.channel ? eq(payments.channel, input.channel) : undefined,
    input.destination ? eq(payments.destinationKind, input.destination) : undefined,
    input.from ? gte(payments.paidAt, lagosDayStart(input.from)) : undefined,
    input.to ? lt(payments.paidAt, lagosDayStart(input.to, 1)) : undefined,
    q
      ? searchFields([payments.reference, payments.merchantReference, payments.customerEmail, payments.customerName, sql`${payments.payer} ->> 'name'`], q)
      : undefined,
  );
}

const inScope = (s: { merchantId: string; mode: Mode }) => and(eq(payments.merchantId, s.merchantId), eq(payments.mode, s.mode))!;

export function paymentFilter(input: { merchantId: string; mode: Mode } & PaymentFilter): SQL | undefined {
  return and(inScope(input), paymentConditions(input));
}

const SHAPE: ListShape = { table: payments, order: [payments.paidAt, payments.id], cursorColumn: payments.id, buckets: "time" };

/** The kept count of the list as filtered; null when a search or a date range narrows it (counted instead). */
function paymentKept(input: { merchantId: string; mode: Mode } & PaymentFilter): KeptCountKey | null {
  if (input.search?.trim() || input.from || input.to) return null;
  return { list: "payments", merchantId: input.merchantId, mode: input.mode, a: input.channel, b: input.destination };
}

/**
 * The total when no kept count is the list: a search's (cached, lib/lists/search-counts.ts; its key
 * every filter), or a date range's count.
 */
function paymentSearchTotal(input: { merchantId: string; mode: Mode } & PaymentFilter): ListTotal {
  const where = paymentFilter(input)!;
  const search = input.search?.trim();
  if (!search) return countRowsSql(payments, where);
  const key = { search, channel: input.channel, destination: input.destination, from: input.from, to: input.to };
  return searchTotal({
    list: "payments",
    merchantId: input.merchantId,
    mode: input.mode,
    key,
    table: payments,
    scope: inScope(input),
    sortColumn: payments.paidAt,
    where,
  });
}

const destinationPayId = alias(payIds, "destination_pay_id");

/** A payment with what a person needs to recognise where it went. */
export type PaymentListItem = Payment & {
  payIdText: string | null;
  accountNumber: string | null;
  bankName: string | null;
  sessionReference: string | null;
};

const p = sql.placeholder;

/**
 * The shallow pages' statement (lib/lists/page-query.ts shallowPage) of the list by channel,
 * destination kind, both or neither; where each payment went is read per row (the same
 * values the general path's joins give).
 */
const shallowPayments = (byChannel: boolean, byDestination: boolean) => (db: DbOrTx, name: string) =>
  shallowPageStatement(
    db,
    name,
    SHAPE,
    and(
      eq(payments.merchantId, p("merchantId")),
      eq(payments.mode, p("mode")),
      byChannel ? eq(payments.channel, p("channel")) : undefined,
      byDestination ? eq(payments.destinationKind, p("destination")) : undefined,
    )!,
    keptCountSql({
      list: "payments",
      merchantId: p("merchantId"),
      mode: p("mode"),
      a: byChannel ? p("channel") : undefined,
      b: byDestination ? p("destination") : undefined,
    }),
    {
      payIdText: sql<string | null>`(select ${payIds.payId} from ${payIds} where ${payIds.id} = ${payments.payIdId})`,
      accountNumber: sql<
        string | null
      >`(select ${virtualAccounts.accountNumber} from ${virtualAccounts} where ${virtualAccounts.id} = ${payments.virtualAccountId})`,
      bankName: sql<string | null>`(select ${virtualAccounts.bankName} from ${virtualAccounts} where ${virtualAccounts.id} = ${payments.virtualAccountId})`,
      sessionReference: sql<
        string | null
      >`(select ${checkoutSessions.reference} from ${checkoutSessions} where ${checkoutSessions.id} = ${payments.sessionId})`,
    },
  );

/** The dashboard's payments list (every inbound payment of one merchant and mode), newest first. */
export async function listPayments(tx: DbOrTx, input: { merchantId: string; mode: Mode } & ListPaymentsQuery): Promise<Paged<PaymentListItem>> {
  const kept = paymentKept(input);
  if (kept) {
    const name = `payments_page${input.channel ? "_channel" : ""}${input.destination ? "_destination" : ""}`;
    const params = { merchantId: input.merchantId, mode: input.mode, channel: input.channel, destination: input.destination };
    const shallow = await shallowPage<PaymentListItem>(tx, input, name, shallowPayments(!!input.channel, !!input.destination), params);
    if (shallow) return shallow;
  }
  const plan = await planPage(tx, SHAPE, inScope(input), paymentConditions(input), input, kept);
  const total = kept ? keptCountSql(kept) : paymentSearchTotal(input);
  const [rows, n] = await readPage(tx, total, (listTotal) =>
    tx
      .select({
        ...getTableColumns(payments),
        payIdText: destinationPayId.payId,
        accountNumber: virtualAccounts.accountNumber,
        bankName: virtualAccounts.bankName,
        sessionReference: checkoutSessions.reference,
        listTotal,
      })
      .from(payments)
      .leftJoin(destinationPayId, eq(destinationPayId.id, payments.payIdId))
      .leftJoin(virtualAccounts, eq(virtualAccounts.id, payments.virtualAccountId))
      .leftJoin(checkoutSessions, eq(checkoutSessions.id, payments.sessionId))
      .where(plan.where)
      .orderBy(...plan.orderBy),
  );
  return plan.finish(rows, n);
}

/** The payer's name as the bank (or card, or wallet) reported it, else the customer's. */
export function payerName(p: Pick<Payment, "payer" | "customerName">): string | null {
  const name = p.payer?.name;
  return typeof name === "string" && name.trim() ? name : p.customerName;
}
