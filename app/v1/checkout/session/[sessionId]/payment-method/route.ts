// POST /v1/checkout/session/:sessionId/payment-method – issue (or reuse) the account or PayID to pay to
import { methods, route } from "@/lib/http/route";
import { publicBaseUrl } from "@/lib/http/public-url";
import { selectPaymentMethod } from "@/lib/sessions/select-payment-method";
import { SelectPaymentMethodBody } from "@/lib/sessions/session-input";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route({ permission: "checkout", keys: "any", body: SelectPaymentMethodBody }, ({ req, db, merchantId, mode, key, params, body }) =>
    selectPaymentMethod(db, {
      sessionId: params.sessionId!,
      owner: { merchantId, mode, keyPairId: key.keyPair.id },
      method: body.payment_method,
      baseUrl: publicBaseUrl(req),
      merchantName: key.merchant.name,
    }),
  ),
});
