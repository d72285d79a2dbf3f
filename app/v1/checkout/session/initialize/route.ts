// POST /v1/checkout/session/initialize – create a checkout session (secret or public key)
import { methods, route } from "@/lib/http/route";
import { initializeSessionOp } from "@/lib/sessions/operations";
import { publicBaseUrl } from "@/lib/http/public-url";
import { initializeSession } from "@/lib/sessions/initialize-session";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route(initializeSessionOp, ({ req, db, merchantId, mode, key, body, rateLimit }) =>
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
