// POST /v1/checkout/session/initialize – create a checkout session (secret or public key)
import { methods, route } from "@/lib/http/route";
import { publicBaseUrl } from "@/lib/http/public-url";
import { initializeSession } from "@/lib/sessions/initialize-session";
import { InitializeSessionBody } from "@/lib/sessions/session-input";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // The rate-limit count travels with the session's insert: one round trip (countInHandler).
  POST: route(
    { permission: "checkout", keys: "any", limit: "initialize", countInHandler: true, body: InitializeSessionBody },
    ({ req, db, merchantId, mode, key, body, rateLimit }) =>
      initializeSession(db, {
        owner: { merchantId, mode, keyPairId: key.keyPair.id },
        merchantName: key.merchant.name,
        key: key.keyPair,
        baseUrl: publicBaseUrl(req),
        body,
        rateLimit,
      }),
  ),
});
