import { eq } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db/client";
import { checkoutSessions } from "@/db/schema";
import { lockActiveSession, type SessionOwner } from "./find-session";
import { accountNotIssued, unsupportedPaymentMethod } from "./session-errors";
import { isSelectable, issueSessionAccount, issueSessionPayId, liveDynamicPayId, liveVirtualAccount, merchantNameOf } from "./session-instruments";
import { logSessionEvent, retireIssued } from "./session-timeline";
import { toBankTransferDetails, toPayIdDetails, type PaymentDetails } from "./session-views";

export type SelectPaymentMethodInput = {
  sessionId: string;
  /** The calling key pair; null for the hosted checkout page. */
  owner: SessionOwner | null;
  /** As the caller sent it: anything but bank_transfer/payid enabled on the session is refused. */
  method: string;
  /** Where qr_data points (lib/http/public-url.ts). */
  baseUrl: string;
  /** The merchant's business name for account_name, when the caller knows it (else read). */
  merchantName?: string | null;
};

/**
 * POST /v1/checkout/session/:sessionId/payment-method (api.md "Select payment method"):
 * - bank_transfer issues a temporary virtual account, payid a dynamic PayID, each for exactly
 *   the session's amount and until the session expires;
 * - the same method again reuses what was issued while it is pending/active;
 * - another method retires what was issued, logs `method_switched` and counts an attempt.
 * The session row is locked for the whole change, so concurrent selections issue one account.
 * `attempts` counts the methods the customer has taken up: 1 after the first selection, +1 per
 * switch.
 */
export async function selectPaymentMethod(db: Db, input: SelectPaymentMethodInput): Promise<PaymentDetails> {
  const outcome = await db.transaction(async (tx) => {
    const locked = await lockActiveSession(tx, input);
    if (locked.refusal) return { refusal: locked.refusal };
    const session = locked.session;
    const method = input.method;
    if (!isSelectable(method) || !session.enabledPaymentMethods.includes(method)) throw unsupportedPaymentMethod(method);

    if (session.paymentMethod === method) {
      if (method === "bank_transfer") {
        const account = await liveVirtualAccount(tx, session);
        if (account) return { details: toBankTransferDetails(session, account) };
      } else {
        const payId = await liveDynamicPayId(tx, session);
        if (payId) return { details: toPayIdDetails(session, payId, input.baseUrl) };
      }
    }

    const previous = session.paymentMethod;
    const changed = previous !== method;
    // Whatever was issued before stops taking money first (a re-issue finds it closed already).
    await retireIssued(tx, session);
    const attempts = changed ? session.attempts + 1 : session.attempts;

    if (method === "bank_transfer") {
      const merchantName = input.merchantName !== undefined ? input.merchantName : await merchantNameOf(tx, session.merchantId);
      const account = await issueSessionAccount(tx, session, { merchantName });
      const [updated] = await tx
        .update(checkoutSessions)
        .set({ paymentMethod: method, virtualAccountId: account.id, attempts })
        .where(eq(checkoutSessions.id, session.id))
        .returning();
      await logSelection(tx, session.id, previous, method, attempts, {
        virtual_account_id: account.id,
        provider: account.provider,
        account_number: account.accountNumber,
        status: account.status,
      });
      // The bank's refusal is recorded (a cancelled account) before the customer is told.
      if (account.status !== "pending") return { refusal: accountNotIssued() };
      return { details: toBankTransferDetails(updated!, account) };
    }

    const payId = await issueSessionPayId(tx, session);
    const [updated] = await tx
      .update(checkoutSessions)
      .set({ paymentMethod: method, dynamicPayIdId: payId.id, attempts })
      .where(eq(checkoutSessions.id, session.id))
      .returning();
    await logSelection(tx, session.id, previous, method, attempts, { dynamic_pay_id_id: payId.id, pay_id: payId.fullPayId });
    return { details: toPayIdDetails(updated!, payId, input.baseUrl) };
  });
  if ("refusal" in outcome) throw outcome.refusal;
  return outcome.details;
}

function logSelection(tx: DbOrTx, sessionId: string, previous: string | null, method: string, attempts: number, issued: Record<string, unknown>) {
  if (previous && previous !== method) {
    return logSessionEvent(tx, sessionId, "method_switched", { from: previous, to: method, attempts, ...issued });
  }
  return logSessionEvent(tx, sessionId, "method_selected", { payment_method: method, attempts, reissued: previous === method, ...issued });
}
