// /v1/checkout/refunds – refund any completed payment by its reference, whole or in part; the refunds of every channel (supplement §10)
import { methods, route } from "@/lib/http/route";
import { listPaymentRefundsOp, requestPaymentRefundOp } from "@/lib/refunds/operations";
import { listRefunds } from "@/lib/refunds/list-refunds";
import { requestPaymentRefund } from "@/lib/refunds/request-payment-refund";
import { toPaymentRefundView } from "@/lib/refunds/refund-view";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route(requestPaymentRefundOp, async ({ db, merchantId, mode, key, body }) => {
    const { refund } = await requestPaymentRefund(db, {
      merchantId,
      mode,
      keyPairId: key.keyPair.id,
      reference: body.reference,
      amount: body.amount ?? null,
      reason: body.reason ?? null,
    });
    return toPaymentRefundView(refund);
  }),
  GET: route(listPaymentRefundsOp, async ({ db, merchantId, mode, query }) => {
    const page = await listRefunds(db, { merchantId, mode, ...query });
    return { ...page, items: page.items.map(toPaymentRefundView) };
  }),
});
