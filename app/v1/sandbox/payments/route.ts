// POST /v1/sandbox/payments – book a simulated inbound payment (supplement §5)
import { methods, route } from "@/lib/http/route";
import { createSandboxPaymentOp } from "@/lib/payments/operations";
import { makeSandboxPayment } from "@/lib/payments/sandbox-payment";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route(createSandboxPaymentOp, ({ db, merchantId, mode, body }) => makeSandboxPayment(db, { merchantId, mode, body })),
});
