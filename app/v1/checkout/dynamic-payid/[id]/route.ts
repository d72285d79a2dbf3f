// GET /v1/checkout/dynamic-payid/:id – one dynamic PayID (expiry applied); DELETE – deactivate
import { methods, route } from "@/lib/http/route";
import { toDynamicPayIdView } from "@/lib/payids/dynamic-payid-view";
import { getDynamicPayIdOrThrow } from "@/lib/payids/get-dynamic-payid";
import { deactivateDynamicPayIdRoute } from "@/lib/payids/payid-routes";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route({ permission: "virtual_payid" }, async ({ db, merchantId, mode, params }) =>
    toDynamicPayIdView(await getDynamicPayIdOrThrow(db, { merchantId, mode, id: params.id! })),
  ),
  DELETE: deactivateDynamicPayIdRoute,
});
