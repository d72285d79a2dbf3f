// GET /v1/checkout/session/:sessionId/verify – the session's status (expiry applied first)
import { methods, route } from "@/lib/http/route";
import { verifyRead, verifySession } from "@/lib/sessions/verify-session";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(
    // The session row travels with the rate-limit count: one round trip to Postgres.
    { permission: "checkout", keys: "any", prefetch: (params) => verifyRead(params.sessionId ?? "") },
    ({ db, merchantId, mode, key, params, prefetched }) =>
      verifySession(db, { sessionId: params.sessionId!, owner: { merchantId, mode, keyPairId: key.keyPair.id }, prefetched }),
  ),
});
