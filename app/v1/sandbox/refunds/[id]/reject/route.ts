// POST /v1/sandbox/refunds/:id/reject – the merchant rejects its own test-mode refund, with rejection_reason (supplement §10)
import { methods, route } from "@/lib/http/route";
import { rejectSandboxRefundOp } from "@/lib/refunds/operations";
import { decideTestRefund } from "@/lib/refunds/decide-test-refund";
import { toPaymentRefundView } from "@/lib/refunds/refund-view";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route(rejectSandboxRefundOp, async ({ db, merchantId, mode, params, body }) =>
    toPaymentRefundView(await decideTestRefund(db, { merchantId, mode, refundId: params.id!, decision: "reject", rejectionReason: body.rejection_reason })),
  ),
});
