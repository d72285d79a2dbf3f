// GET /v1/checkout/refunds/:id – one refund, of any channel (supplement §10)
import { methods, route } from "@/lib/http/route";
import { getRefundOrThrow } from "@/lib/refunds/list-refunds";
import { toPaymentRefundView } from "@/lib/refunds/refund-view";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route({}, async ({ db, merchantId, mode, params }) => toPaymentRefundView(await getRefundOrThrow(db, { merchantId, mode, refundId: params.id! }))),
});
