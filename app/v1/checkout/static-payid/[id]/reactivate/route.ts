// POST /v1/checkout/static-payid/:id/reactivate – a deactivated static PayID takes payments again
import { methods, route } from "@/lib/http/route";
import { reactivateStaticPayIdOp } from "@/lib/payids/operations";
import { setStaticPayIdActive } from "@/lib/payids/static-payids";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route(reactivateStaticPayIdOp, ({ db, merchantId, mode, params }) => setStaticPayIdActive(db, { merchantId, mode, id: params.id!, active: true })),
});
