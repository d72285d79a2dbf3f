// POST /v1/checkout/session/:sessionId/switch-bank – a new account at another partner bank
import { methods, route } from "@/lib/http/route";
import { switchBankOp } from "@/lib/sessions/operations";
import { switchBank } from "@/lib/sessions/switch-bank";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route(switchBankOp, ({ db, merchantId, mode, key, params, body }) =>
    switchBank(db, {
      sessionId: params.sessionId!,
      owner: { merchantId, mode, keyPairId: key.keyPair.id },
      provider: body.provider,
      merchantName: key.merchant.name,
    }),
  ),
});
