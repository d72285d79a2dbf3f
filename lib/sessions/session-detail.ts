import { and, asc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { checkoutSessions, dynamicPayIds, payments, sessionEvents, virtualAccounts, type CheckoutSession, type Mode, type SessionEvent } from "@/db/schema";
import { fullDynamicPayId } from "@/lib/payids/dynamic-payids";
import { expireSessionIfDue } from "@/lib/sessions/expire-session";
import { isUuid } from "@/lib/text-patterns";

/** An account number or PayID the session issued to a customer, in the order issued. */
export type IssuedInstrument =
  | {
      kind: "virtual_account";
      id: string;
      publicId: string;
      bankName: string;
      accountNumber: string | null;
      status: string;
      createdAt: Date;
      retiredAt: Date | null;
    }
  | { kind: "dynamic_payid"; id: string; payId: string; status: string; createdAt: Date; retiredAt: Date | null };

export type SessionPayment = { reference: string; amount: number; fee: number; channel: string; paidAt: Date };

export type SessionDetail = {
  session: CheckoutSession;
  timeline: SessionEvent[];
  issued: IssuedInstrument[];
  payments: SessionPayment[];
  /** When the session's state was read: what "expires in" counts from. */
  readAt: Date;
};

/**
 * A session of the merchant and mode (by id, or by its `CHK_` reference) for its dashboard
 * page: lazy expiry applied as the API's get does, then its timeline, what it issued and the
 * payment that completed it. Null when it is not theirs.
 */
export async function getSessionDetail(db: Db, input: { merchantId: string; mode: Mode; idOrReference: string }): Promise<SessionDetail | null> {
  const key = input.idOrReference.trim();
  const readAt = new Date();
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.merchantId, input.merchantId),
        eq(checkoutSessions.mode, input.mode),
        isUuid(key) ? eq(checkoutSessions.id, key) : eq(checkoutSessions.reference, key),
      ),
    )
    .limit(1);
  if (!row) return null;
  // The expiry, its timeline entry and the retirement of what it issued commit together.
  const session = row.status === "active" && row.expiresAt.getTime() <= readAt.getTime() ? await db.transaction((tx) => expireSessionIfDue(tx, row)) : row;

  const [timeline, accounts, payIds, paid] = await Promise.all([
    db.select().from(sessionEvents).where(eq(sessionEvents.sessionId, session.id)).orderBy(asc(sessionEvents.createdAt), asc(sessionEvents.id)),
    db
      .select({
        id: virtualAccounts.id,
        publicId: virtualAccounts.publicId,
        bankName: virtualAccounts.bankName,
        accountNumber: virtualAccounts.accountNumber,
        status: virtualAccounts.status,
        createdAt: virtualAccounts.createdAt,
        retiredAt: virtualAccounts.retiredAt,
      })
      .from(virtualAccounts)
      .where(and(eq(virtualAccounts.sessionId, session.id), eq(virtualAccounts.merchantId, input.merchantId))),
    db
      .select({
        id: dynamicPayIds.id,
        slug: dynamicPayIds.slug,
        status: dynamicPayIds.status,
        createdAt: dynamicPayIds.createdAt,
        retiredAt: dynamicPayIds.deactivatedAt,
      })
      .from(dynamicPayIds)
      .where(and(eq(dynamicPayIds.sessionId, session.id), eq(dynamicPayIds.merchantId, input.merchantId))),
    db
      .select({ reference: payments.reference, amount: payments.amount, fee: payments.fee, channel: payments.channel, paidAt: payments.paidAt })
      .from(payments)
      .where(and(eq(payments.sessionId, session.id), eq(payments.merchantId, input.merchantId), eq(payments.mode, input.mode)))
      .orderBy(asc(payments.paidAt)),
  ]);
  const issued: IssuedInstrument[] = [
    ...accounts.map((a) => ({ kind: "virtual_account" as const, ...a })),
    ...payIds.map(({ slug, ...p }) => ({ kind: "dynamic_payid" as const, payId: fullDynamicPayId({ slug }), ...p })),
  ].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
  return { session, timeline, issued, payments: paid, readAt };
}
