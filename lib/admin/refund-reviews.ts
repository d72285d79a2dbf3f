import { and, asc, count, desc, eq } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db/client";
import {
  auditLog,
  memberships,
  merchants,
  payments,
  REFUND_STATUSES,
  refunds,
  staticAccountPayments,
  staticAccounts,
  users,
  type Payment,
  type Refund,
  type RefundStatus,
  type StaticAccount,
  type StaticAccountPayment,
} from "@/db/schema";
import type { Actor } from "@/lib/audit/record-audit";
import { appError, notFound } from "@/lib/errors";
import { paged, pageOffset, type Paged } from "@/lib/lists/paging";
import { approveRefund } from "@/lib/refunds/approve-refund";
import { rejectRefund } from "@/lib/refunds/reject-refund";

/**
 * The admin's refund review: a queue of requests across every merchant, mode and channel
 * (oldest first, so nothing waits forever), and for one request everything a second pair of
 * eyes needs: payer, amount, merchant, the payment and its channel, for a static-account
 * payment the account with its other payments and refunds, and who did what so far.
 */

export const REVIEW_PAGE_SIZE = 25;

/** How many refunds wait for an admin's review (the admin nav's badge). */
export async function countPendingRefundReviews(tx: DbOrTx): Promise<number> {
  const [pending] = await tx.select({ n: count() }).from(refunds).where(eq(refunds.status, "requested"));
  return pending?.n ?? 0;
}

export type ReviewRow = {
  refund: Refund;
  merchantName: string;
  /** The static account paid (static-account refunds only). */
  account: Pick<StaticAccount, "id" | "accountNumber" | "accountName" | "customerName" | "status"> | null;
  /** `id`: the static-account payment's row (static-account refunds only). */
  payment: {
    id: string | null;
    reference: string;
    amount: number;
    fee: number;
    payer: { name?: string | null; bank?: string | null; account?: string | null } | null;
    receivedAt: Date | null;
    settlementStatus: string | null;
  };
};

export function parseReviewStatus(value: string | string[] | undefined): RefundStatus {
  const v = Array.isArray(value) ? value[0] : value;
  return (REFUND_STATUSES as readonly string[]).includes(v ?? "") ? (v as RefundStatus) : "requested";
}

export async function listRefundReviews(tx: DbOrTx, input: { status?: RefundStatus; page?: number; merchantId?: string } = {}): Promise<Paged<ReviewRow>> {
  const status = input.status ?? "requested";
  const paging = { page: Math.max(1, Math.floor(input.page ?? 1)), page_size: REVIEW_PAGE_SIZE };
  const where = and(eq(refunds.status, status), input.merchantId ? eq(refunds.merchantId, input.merchantId) : undefined);
  const [rows, [total]] = await Promise.all([
    tx
      .select({
        refund: refunds,
        merchantName: merchants.name,
        account: {
          id: staticAccounts.id,
          accountNumber: staticAccounts.accountNumber,
          accountName: staticAccounts.accountName,
          customerName: staticAccounts.customerName,
          status: staticAccounts.status,
        },
        staticPayment: {
          id: staticAccountPayments.id,
          settlementStatus: staticAccountPayments.settlementStatus,
          payer: staticAccountPayments.payer,
          receivedAt: staticAccountPayments.receivedAt,
        },
        payment: { amount: payments.amount, fee: payments.fee, payer: payments.payer, paidAt: payments.paidAt },
      })
      .from(refunds)
      .innerJoin(merchants, eq(merchants.id, refunds.merchantId))
      .leftJoin(staticAccounts, eq(staticAccounts.id, refunds.staticAccountId))
      .leftJoin(staticAccountPayments, eq(staticAccountPayments.id, refunds.paymentId))
      .leftJoin(payments, eq(payments.reference, refunds.paymentReference))
      .where(where)
      // The queue is worked oldest first; decided refunds read newest first.
      .orderBy(status === "requested" ? asc(refunds.requestedAt) : desc(refunds.updatedAt), asc(refunds.id))
      .limit(REVIEW_PAGE_SIZE)
      .offset(pageOffset(paging)),
    tx.select({ n: count() }).from(refunds).where(where),
  ]);
  return paged(
    rows.map((r) => ({
      refund: r.refund,
      merchantName: r.merchantName,
      account: r.account?.id ? (r.account as ReviewRow["account"]) : null,
      payment: {
        id: r.staticPayment?.id ?? null,
        reference: r.refund.paymentReference,
        amount: r.payment?.amount ?? r.refund.amount,
        fee: r.payment?.fee ?? 0,
        payer: (r.staticPayment?.payer ?? r.payment?.payer ?? null) as ReviewRow["payment"]["payer"],
        receivedAt: r.staticPayment?.receivedAt ?? r.payment?.paidAt ?? null,
        settlementStatus: r.staticPayment?.settlementStatus ?? null,
      },
    })),
    total?.n ?? 0,
    paging,
  );
}

export type RefundReview = {
  refund: Refund;
  merchant: { id: string; name: string; staticAccounts: string };
  /** Static-account refunds only: the account and its payment row. */
  account: StaticAccount | null;
  payment: StaticAccountPayment | null;
  /** The payment on every channel (its `payments` row). */
  charge: Payment | null;
  /** The account's most recent payments (this one included). */
  accountPayments: StaticAccountPayment[];
  /** Every refund asked for on this account, newest first (this one included). */
  accountRefunds: Refund[];
  trail: { action: string; actorType: string; actorEmail: string | null; createdAt: Date; changes: unknown }[];
  reviewedBy: string | null;
};

export async function getRefundReview(tx: DbOrTx, refundId: string): Promise<RefundReview | null> {
  const [row] = await tx
    .select({
      refund: refunds,
      merchant: { id: merchants.id, name: merchants.name, staticAccounts: merchants.staticAccounts },
      account: staticAccounts,
      payment: staticAccountPayments,
      charge: payments,
    })
    .from(refunds)
    .innerJoin(merchants, eq(merchants.id, refunds.merchantId))
    .leftJoin(staticAccounts, eq(staticAccounts.id, refunds.staticAccountId))
    .leftJoin(staticAccountPayments, eq(staticAccountPayments.id, refunds.paymentId))
    .leftJoin(payments, eq(payments.reference, refunds.paymentReference))
    .where(eq(refunds.id, refundId));
  if (!row) return null;
  const accountId = row.account?.id;
  const [accountPayments, accountRefunds, trail, reviewer] = await Promise.all([
    accountId
      ? tx
          .select()
          .from(staticAccountPayments)
          .where(eq(staticAccountPayments.staticAccountId, accountId))
          .orderBy(desc(staticAccountPayments.receivedAt))
          .limit(20)
      : Promise.resolve([]),
    accountId
      ? tx.select().from(refunds).where(eq(refunds.staticAccountId, accountId)).orderBy(desc(refunds.requestedAt)).limit(50)
      : tx.select().from(refunds).where(eq(refunds.paymentReference, row.refund.paymentReference)).orderBy(desc(refunds.requestedAt)).limit(50),
    tx
      .select({ action: auditLog.action, actorType: auditLog.actorType, actorEmail: users.email, createdAt: auditLog.createdAt, changes: auditLog.changes })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorUserId))
      .where(and(eq(auditLog.targetType, "refund"), eq(auditLog.targetId, refundId)))
      .orderBy(asc(auditLog.createdAt)),
    row.refund.reviewedByUserId ? tx.select({ email: users.email }).from(users).where(eq(users.id, row.refund.reviewedByUserId)) : Promise.resolve([]),
  ]);
  return { ...row, accountPayments, accountRefunds, trail, reviewedBy: reviewer[0]?.email ?? null };
}

/**
 * The review page's timeline, oldest first: the request once (its audit entry names the member
 * who asked from the dashboard; an API key's request has none, so the refund's own time stands
 * in), then each decision and failure from the audit trail, then the payback.
 */
export function refundReviewTimeline(review: Pick<RefundReview, "refund" | "trail">): { key: string; title: string; at: Date; type: string }[] {
  const { refund, trail } = review;
  const requestAudited = trail.some((t) => t.action === "refund.requested");
  return [
    ...(requestAudited ? [] : [{ key: "requested", title: "Requested by the merchant", at: refund.requestedAt, type: "refund.requested" }]),
    ...trail.map((t, i) => ({
      key: `audit-${i}`,
      title: `${t.action.replace("refund.", "").replace(/^./, (c) => c.toUpperCase())} by ${t.actorEmail ?? (t.actorType === "user" ? "a member" : t.actorType)}`,
      at: t.createdAt,
      type: t.action,
    })),
    ...(refund.completedAt && refund.status === "completed"
      ? [{ key: "completed", title: "Money returned to the payer; charge.refunded sent", at: refund.completedAt, type: "refund.completed" }]
      : []),
  ];
}

/**
 * Four eyes: the admin deciding must not belong to the business asking (its own request
 * would otherwise be approved by the same person). Then the guarded approve or reject.
 */
export async function decideRefund(
  db: Db,
  input: { refundId: string; decision: "approve" | "reject"; reason?: string; actor: Actor & { userId: string } },
): Promise<Refund> {
  const [refund] = await db.select({ merchantId: refunds.merchantId }).from(refunds).where(eq(refunds.id, input.refundId));
  if (!refund) throw notFound("Refund not found.");
  const [member] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.merchantId, refund.merchantId), eq(memberships.userId, input.actor.userId)));
  if (member) throw appError("FORBIDDEN", { message: "You are a member of this business: another admin must review its refund." });
  return input.decision === "approve"
    ? approveRefund(db, { refundId: input.refundId, actor: input.actor })
    : rejectRefund(db, { refundId: input.refundId, reason: input.reason ?? "", actor: input.actor });
}
