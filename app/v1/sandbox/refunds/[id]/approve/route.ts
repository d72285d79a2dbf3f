// POST /v1/sandbox/refunds/:id/approve – the merchant approves its own test-mode refund (supplement §10)
import { methods, route } from "@/lib/http/route";
import { approveSandboxRefundOp } from "@/lib/refunds/operations";
import { decideTestRefund } from "@/lib/refunds/decide-test-refund";
import { toPaymentRefundView } from "@/lib/refunds/refund-view";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route(approveSandboxRefundOp, async ({ db, merchantId, mode, params }) =>
    toPaymentRefundView(await decideTestRefund(db, { merchantId, mode, refundId: params.id!, decision: "approve" })),
  ),
});
