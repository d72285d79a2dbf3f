// POST /v1/checkout/static-payid/:id/reactivate – a deactivated static PayID takes payments again
import { methods, route } from "@/lib/http/route";
import { setStaticPayIdActive } from "@/lib/payids/static-payids";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route({ permission: "virtual_payid", business: true }, ({ db, merchantId, mode, params }) =>
    setStaticPayIdActive(db, { merchantId, mode, id: params.id!, active: true }),
  ),
});
