import { and, count, desc, eq, getTableColumns, gte, ilike, lt, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { DbOrTx } from "@/db/client";
import { checkoutSessions, payIds, payments, PAYMENT_DESTINATIONS, virtualAccounts, type Mode, type Payment } from "@/db/schema";
import type { Channel } from "@/lib/fees/collection-fee";
import { containsPattern } from "@/lib/text-patterns";
import { flattenSearch, paged, pageOffset, type Paged } from "@/lib/paging";

export const PAYMENT_CHANNELS = ["bank_transfer", "payid", "card", "crypto", "static_account"] as const satisfies readonly Channel[];

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)));

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
});
export type ListPaymentsQuery = z.output<typeof ListPaymentsQuery>;
export type PaymentFilter = Omit<ListPaymentsQuery, "page" | "page_size">;

export function parsePaymentSearch(search: Record<string, string | string[] | undefined>): ListPaymentsQuery {
  return ListPaymentsQuery.parse(flattenSearch(search));
}

/** Lagos is UTC+1 all year (no daylight saving): a day starts at 23:00 UTC the day before. */
const lagosDayStart = (d: string) => new Date(`${d}T00:00:00+01:00`);
const nextDay = (d: string) => new Date(lagosDayStart(d).getTime() + 86_400_000);


/** Search matches our reference or the caller's, the payer's or customer's name, or the customer's email. */
export function paymentFilter(input: { merchantId: string; mode: Mode } & PaymentFilter): SQL | undefined {
  const q = input.search?.trim();
  const like = q ? containsPattern(q) : "";
  return and(
    eq(payments.merchantId, input.merchantId),
    eq(payments.mode, input.mode),
    input.channel ? eq(payments.channel, input.channel) : undefined,
    input.destination ? eq(payments.destinationKind, input.destination) : undefined,
    input.from ? gte(payments.paidAt, lagosDayStart(input.from)) : undefined,
    input.to ? lt(payments.paidAt, nextDay(input.to)) : undefined,
    q
      ? or(
          ilike(payments.reference, like),
          ilike(payments.merchantReference, like),
          ilike(payments.customerEmail, like),
          ilike(payments.customerName, like),
          sql`${payments.payer}->>'name' ilike ${like}`,
        )
      : undefined,
  );
}

const destinationPayId = alias(payIds, "destination_pay_id");

/** A payment with what a person needs to recognise where it went. */
export type PaymentListItem = Payment & {
  payIdText: string | null;
  accountNumber: string | null;
  bankName: string | null;
  sessionReference: string | null;
};

/** The dashboard's payments list (every inbound payment of one merchant and mode), newest first. */
export async function listPayments(
  tx: DbOrTx,
  input: { merchantId: string; mode: Mode } & ListPaymentsQuery,
): Promise<Paged<PaymentListItem>> {
  const where = paymentFilter(input);
  const [items, [total]] = await Promise.all([
    tx
      .select({
        ...getTableColumns(payments),
        payIdText: destinationPayId.payId,
        accountNumber: virtualAccounts.accountNumber,
        bankName: virtualAccounts.bankName,
        sessionReference: checkoutSessions.reference,
      })
      .from(payments)
      .leftJoin(destinationPayId, eq(destinationPayId.id, payments.payIdId))
      .leftJoin(virtualAccounts, eq(virtualAccounts.id, payments.virtualAccountId))
      .leftJoin(checkoutSessions, eq(checkoutSessions.id, payments.sessionId))
      .where(where)
      .orderBy(desc(payments.paidAt), desc(payments.id))
      .limit(input.page_size)
      .offset(pageOffset(input)),
    tx.select({ n: count() }).from(payments).where(where),
  ]);
  return paged(items, total?.n ?? 0, input);
}

/** The payer's name as the bank (or card, or wallet) reported it, else the customer's. */
export function payerName(p: Pick<Payment, "payer" | "customerName">): string | null {
  const name = p.payer?.name;
  return typeof name === "string" && name.trim() ? name : p.customerName;
}
