// POST /v1/checkout/static-account/:id/payments/:paymentId/refund – ask for a payment's money back to its payer
import { methods, route } from "@/lib/http/route";
import { requestRefundOp } from "@/lib/refunds/operations";
import { toRefundView } from "@/lib/static-accounts/refund-view";
import { requestRefund } from "@/lib/refunds/request-refund";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route(requestRefundOp, async ({ db, merchantId, mode, key, params, body }) => {
    const { refund } = await requestRefund(db, {
      merchantId,
      mode,
      keyPairId: key.keyPair.id,
      staticAccountId: params.id!,
      paymentId: params.paymentId!,
      reason: body.reason ?? null,
    });
    return toRefundView(refund);
  }),
});
