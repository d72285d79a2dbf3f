import { appError, validationError } from "@/lib/errors";
import { SandboxPaymentBody } from "@/lib/payments/sandbox-payment";

/** A hosted page asked to simulate a payment for something in live mode: never. */
export const simulationLiveRefused = () => appError("SANDBOX_ONLY", { message: "Payments can only be simulated in test mode." });

export const SIMULATED_PAYER = { name: "Test Payer", bank: "Sandbox Bank", account: "0123456789" };

/** The body POST /v1/sandbox/payments would take, checked by the same schema. */
export function sandboxBody(body: unknown) {
  const parsed = SandboxPaymentBody.safeParse(body);
  if (!parsed.success) throw validationError(parsed.error.issues.map((i) => i.message));
  return parsed.data;
}
