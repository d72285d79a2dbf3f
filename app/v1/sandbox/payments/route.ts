// POST /v1/sandbox/payments – book a simulated inbound payment (supplement §5)
import { methods, route } from "@/lib/http/route";
import { makeSandboxPayment, SandboxPaymentBody } from "@/lib/payments/sandbox-payment";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route({ sandbox: true, body: SandboxPaymentBody }, ({ db, merchantId, mode, body }) => makeSandboxPayment(db, { merchantId, mode, body })),
});
