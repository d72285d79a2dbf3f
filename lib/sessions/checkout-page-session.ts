import type { Db } from "@/db/client";
import type { CheckoutSession } from "@/db/schema";
import { findSession } from "./find-session";
import { currentPaymentDetails, merchantNameOf } from "./session-instruments";
import type { PaymentDetails } from "./session-views";

export type CheckoutPageSession = {
  /** The record as it stands (lazy expiry applied): amount, line items, status, callback_url… */
  session: CheckoutSession;
  merchantName: string | null;
  /** What the customer pays to for the method already chosen, while it takes money; else null. */
  details: PaymentDetails | null;
};

/**
 * Everything the hosted checkout page (app/pay/[sessionId]) shows on load, by session id alone
 * (the id in checkout_url is what the customer holds). 404 "Session not found." otherwise.
 */
export async function getCheckoutPageSession(db: Db, input: { sessionId: string; baseUrl: string }): Promise<CheckoutPageSession> {
  const session = await findSession(db, { sessionId: input.sessionId, owner: null });
  const [merchantName, details] = await Promise.all([merchantNameOf(db, session.merchantId), currentPaymentDetails(db, session, input.baseUrl)]);
  return { session, merchantName, details };
}
