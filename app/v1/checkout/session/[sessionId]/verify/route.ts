// GET /v1/checkout/session/:sessionId/verify – the session's status (expiry applied first)
import { methods, route } from "@/lib/http/route";
import { verifySessionOp } from "@/lib/sessions/operations";
import { verifySession } from "@/lib/sessions/verify-session";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(verifySessionOp, ({ db, merchantId, mode, key, params, prefetched }) =>
    verifySession(db, { sessionId: params.sessionId!, owner: { merchantId, mode, keyPairId: key.keyPair.id }, prefetched }),
  ),
});
