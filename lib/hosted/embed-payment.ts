import type { InlineSuccess } from "@/client/inline/options";
import type { SessionVerifyView } from "@/lib/sessions/session-views";

/**
 * What the embedded hosted checkout tells the shop page once the server has recorded the
 * payment: exactly the inline script's onSuccess argument (supplement §7), from the server's
 * verify view. Null while the session is not completed.
 */
export type EmbedPayment = InlineSuccess;

export function embedPayment(v: SessionVerifyView): EmbedPayment | null {
  if (v.status !== "completed") return null;
  return {
    session_id: v.session_id,
    reference: v.reference,
    merchant_reference: v.merchant_reference,
    status: "completed",
    amount: v.amount,
    currency: v.currency,
    payment_method: v.payment_method,
  };
}
