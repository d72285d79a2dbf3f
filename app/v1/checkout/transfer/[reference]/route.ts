// GET /v1/checkout/transfer/:reference – one transfer, by reference or merchant_reference
import { methods, route } from "@/lib/http/route";
import { getTransferOp } from "@/lib/transfers/operations";
import { getTransferOrThrow } from "@/lib/transfers/get-transfer";
import { toTransferView } from "@/lib/transfers/transfer-view";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(getTransferOp, async ({ db, merchantId, mode, params }) =>
    toTransferView(await getTransferOrThrow(db, { merchantId, mode, reference: params.reference! })),
  ),
});
