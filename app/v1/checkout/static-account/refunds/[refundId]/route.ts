// GET /v1/checkout/static-account/refunds/:refundId – one refund
import { methods, route } from "@/lib/http/route";
import { getRefundOp } from "@/lib/refunds/operations";
import { getRefundOrThrow } from "@/lib/refunds/list-refunds";
import { toRefundView } from "@/lib/static-accounts/refund-view";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(getRefundOp, async ({ db, merchantId, mode, params }) =>
    toRefundView(await getRefundOrThrow(db, { merchantId, mode, refundId: params.refundId!, staticOnly: true })),
  ),
});
