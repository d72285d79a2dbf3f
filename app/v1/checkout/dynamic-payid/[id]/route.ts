// GET /v1/checkout/dynamic-payid/:id – one dynamic PayID (expiry applied); DELETE – deactivate
import { methods, route } from "@/lib/http/route";
import { deleteDynamicPayIdOp, getDynamicPayIdOp } from "@/lib/payids/operations";
import { toDynamicPayIdView } from "@/lib/payids/dynamic-payid-view";
import { deactivateDynamicPayId, getDynamicPayIdOrThrow } from "@/lib/payids/get-dynamic-payid";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(getDynamicPayIdOp, async ({ db, merchantId, mode, params }) =>
    toDynamicPayIdView(await getDynamicPayIdOrThrow(db, { merchantId, mode, id: params.id! })),
  ),
  // Also the handler of its SDK alias POST /dynamic-payid/:id/deactivate.
  DELETE: route(deleteDynamicPayIdOp, ({ db, merchantId, mode, params }) => deactivateDynamicPayId(db, { merchantId, mode, id: params.id! })),
});
