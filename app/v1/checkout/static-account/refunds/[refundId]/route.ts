// GET /v1/checkout/static-account/refunds/:refundId – one refund
import { methods, route } from "@/lib/http/route";
import { getRefundOrThrow } from "@/lib/refunds/list-refunds";
import { assertStaticAccountsEnabled } from "@/lib/static-accounts/product-state";
import { toRefundView } from "@/lib/refunds/refund-view";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route({}, async ({ db, merchantId, mode, params }) => {
    await assertStaticAccountsEnabled(db, merchantId);
    return toRefundView(await getRefundOrThrow(db, { merchantId, mode, refundId: params.refundId! }));
  }),
});
