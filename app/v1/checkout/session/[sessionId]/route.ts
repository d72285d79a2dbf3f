// GET /v1/checkout/session/:sessionId – the session (expiry applied first)
import { methods, route } from "@/lib/http/route";
import { getSessionOp } from "@/lib/sessions/operations";
import { getSession } from "@/lib/sessions/get-session";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(getSessionOp, ({ db, merchantId, mode, key, params }) =>
    getSession(db, { sessionId: params.sessionId!, owner: { merchantId, mode, keyPairId: key.keyPair.id }, merchantName: key.merchant.name }),
  ),
});
