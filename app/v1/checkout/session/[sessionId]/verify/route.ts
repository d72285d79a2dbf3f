// GET /v1/checkout/session/:sessionId/verify – the session's status (expiry applied first)
import { methods, route } from "@/lib/http/route";
import { verifySession } from "@/lib/sessions/verify-session";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route({ permission: "checkout", keys: "any" }, ({ db, merchantId, mode, key, params }) =>
    verifySession(db, { sessionId: params.sessionId!, owner: { merchantId, mode, keyPairId: key.keyPair.id } }),
  ),
});
