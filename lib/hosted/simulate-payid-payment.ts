import type { Db } from "@/db/client";
import type { Mode } from "@/db/schema";
import { notFound } from "@/lib/errors";
import { makeSandboxPayment } from "@/lib/payments/sandbox-payment";
import { getPayPagePayId } from "./pay-page-payid";
import { sandboxBody, simulationLiveRefused, SIMULATED_PAYER } from "./sandbox-only";

/**
 * The PayID pay page's "Simulate payment" (test mode only): the PayID is looked up exactly as
 * the page found it (live first unless the page asked for test) and paid through the sandbox
 * bank as POST /v1/sandbox/payments {pay_id} would. A live PayID is refused.
 */
export async function simulatePayIdPayment(db: Db, input: { payId: string; mode?: Mode; amount: number }) {
  const found = await getPayPagePayId(db, { payId: input.payId, mode: input.mode });
  if (!found) throw notFound("PayID not found.");
  if (found.mode !== "test") throw simulationLiveRefused();
  const body = sandboxBody({ pay_id: found.payId, amount: input.amount, payer: SIMULATED_PAYER });
  return makeSandboxPayment(db, { mode: "test", body });
}
