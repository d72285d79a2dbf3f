// POST /v1/checkout/session/:sessionId/payment-method – issue (or reuse) the account or PayID to pay to
import { methods, route } from "@/lib/http/route";
import { selectPaymentMethodOp } from "@/lib/sessions/operations";
import { publicBaseUrl } from "@/lib/http/public-url";
import { selectPaymentMethod } from "@/lib/sessions/select-payment-method";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route(selectPaymentMethodOp, ({ req, db, merchantId, mode, key, params, body }) =>
    selectPaymentMethod(db, {
      sessionId: params.sessionId!,
      owner: { merchantId, mode, keyPairId: key.keyPair.id },
      method: body.payment_method,
      baseUrl: publicBaseUrl(req),
      merchantName: key.merchant.name,
    }),
  ),
});
