import type { Db } from "@/db/client";
import { invalidState } from "@/lib/errors";
import { makeSandboxPayment } from "@/lib/payments/sandbox-payment";
import { fullDynamicPayId } from "@/lib/payids/dynamic-payids";
import { findSession } from "@/lib/sessions/find-session";
import { sessionExpired, sessionNotActive, unsupportedPaymentMethod } from "@/lib/sessions/session-errors";
import { liveDynamicPayId, liveVirtualAccount } from "@/lib/sessions/session-instruments";
import { sandboxBody, simulationLiveRefused, SIMULATED_PAYER } from "./sandbox-only";

export const SIMULATED_METHODS = ["bank_transfer", "payid", "card", "crypto"] as const;
export type SimulatedMethod = (typeof SIMULATED_METHODS)[number];

const nothingToPay = (what: string) => invalidState(`There is no ${what} to pay into yet. Choose the payment method again.`);

/**
 * The hosted checkout's "Simulate payment" (test mode only): pays what the customer is looking
 * at through the sandbox bank, exactly as POST /v1/sandbox/payments would — the session's
 * current account number, its PayID, or the session itself by card or crypto. The instrument
 * is read from the session, never taken from the browser; a live session is refused.
 */
export async function simulateCheckoutPayment(db: Db, input: { sessionId: string; method: SimulatedMethod; asset?: string; network?: string }) {
  const session = await findSession(db, { sessionId: input.sessionId, owner: null });
  if (session.mode !== "test") throw simulationLiveRefused();
  if (session.status === "expired") throw sessionExpired();
  if (session.status !== "active") throw sessionNotActive(session.status);
  if (!session.enabledPaymentMethods.includes(input.method)) throw unsupportedPaymentMethod(input.method);
  const amount = session.amount;

  let body: unknown;
  if (input.method === "bank_transfer") {
    const account = session.paymentMethod === "bank_transfer" ? await liveVirtualAccount(db, session) : null;
    if (!account?.accountNumber) throw nothingToPay("account");
    body = { account_number: account.accountNumber, amount, payer: SIMULATED_PAYER };
  } else if (input.method === "payid") {
    const payId = session.paymentMethod === "payid" ? await liveDynamicPayId(db, session) : null;
    if (!payId) throw nothingToPay("PayID");
    body = { pay_id: fullDynamicPayId(payId), amount, payer: SIMULATED_PAYER };
  } else {
    body = { session_id: session.id, channel: input.method, amount, payer: { name: SIMULATED_PAYER.name }, asset: input.asset, network: input.network };
  }
  return makeSandboxPayment(db, { mode: "test", body: sandboxBody(body) });
}
