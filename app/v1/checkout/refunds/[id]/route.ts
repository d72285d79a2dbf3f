// GET /v1/checkout/refunds/:id – one refund, of any channel (supplement §10)
import { methods, route } from "@/lib/http/route";
import { getPaymentRefundOp } from "@/lib/refunds/operations";
import { getRefundOrThrow } from "@/lib/refunds/list-refunds";
import { toPaymentRefundView } from "@/lib/refunds/refund-view";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(getPaymentRefundOp, async ({ db, merchantId, mode, params }) =>
    toPaymentRefundView(await getRefundOrThrow(db, { merchantId, mode, refundId: params.id! })),
  ),
});
