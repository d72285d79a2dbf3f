import type { Refund, RefundStatus } from "@/db/schema";

/** A refund still open: waiting for its decision or for the bank. */
export const isOpenRefund = (status: RefundStatus) => status === "requested" || status === "processing";

/** A refund that counts against its payment's amount: every one not rejected or failed (supplement §10). */
export const countsAgainstPayment = (status: RefundStatus) => status !== "rejected" && status !== "failed";

/** The kobo a payment's refunds take from it: the sum of those not rejected or failed. */
export function sumActiveRefunds(rows: readonly Pick<Refund, "amount" | "status">[]): number {
  return rows.reduce((sum, r) => (countsAgainstPayment(r.status) ? sum + r.amount : sum), 0);
}

/** The kobo of a payment already returned to its payer: the sum of its completed refunds. */
export function sumCompletedRefunds(rows: readonly Pick<Refund, "amount" | "status">[]): number {
  return rows.reduce((sum, r) => (r.status === "completed" ? sum + r.amount : sum), 0);
}
