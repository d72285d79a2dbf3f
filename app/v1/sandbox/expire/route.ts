// POST /v1/sandbox/expire – set a session's, dynamic PayID's or virtual account's expiry (or an invoice's due date) to now (supplement §5)
import { methods, route } from "@/lib/http/route";
import { sandboxExpireOp } from "@/lib/payments/operations";
import { sandboxExpire } from "@/lib/payments/sandbox-expire";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route(sandboxExpireOp, ({ db, merchantId, mode, body }) => sandboxExpire(db, { merchantId, mode, body })),
});
