import type { Mode, Role } from "@/db/schema";
import { rolePolicy } from "@/lib/auth/role-policy";
import { koboToNaira } from "@/lib/money";
import type { SimulateTarget } from "@/lib/payments/dashboard-sandbox-payment";
import { SimulatePaymentForm } from "./simulate-payment-form";

/**
 * "Simulate a payment" on a record's page: shown in test mode to members who may use the
 * sandbox tools, never in live mode (the action refuses it there too). `amountKobo` prefills
 * the amount the record expects, when it has one.
 */
export function SimulatePayment({
  mode,
  role,
  target,
  id,
  amountKobo,
}: {
  mode: Mode;
  role: Role;
  target: SimulateTarget;
  id: string;
  amountKobo?: number | null;
}) {
  if (mode !== "test" || !rolePolicy.fundTestWallet(role, mode)) return null;
  return <SimulatePaymentForm target={target} id={id} suggestedNaira={amountKobo ? koboToNaira(amountKobo) : undefined} />;
}
