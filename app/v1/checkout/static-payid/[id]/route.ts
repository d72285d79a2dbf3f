// GET /v1/checkout/static-payid/:id – one static PayID; PUT – rename; DELETE – deactivate
import { methods, route } from "@/lib/http/route";
import { deleteStaticPayIdOp, getStaticPayIdOp, updateStaticPayIdOp } from "@/lib/payids/operations";
import { toStaticPayIdView } from "@/lib/payids/static-payid-view";
import { getStaticPayIdOrThrow, setStaticPayIdActive, updateStaticPayId } from "@/lib/payids/static-payids";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(getStaticPayIdOp, async ({ db, merchantId, mode, params }) =>
    toStaticPayIdView(await getStaticPayIdOrThrow(db, { merchantId, mode, id: params.id! })),
  ),
  PUT: route(updateStaticPayIdOp, async ({ db, merchantId, mode, params, body }) =>
    toStaticPayIdView(await updateStaticPayId(db, { merchantId, mode, id: params.id!, body })),
  ),
  // Also the handler of its SDK alias POST /static-payid/:id/deactivate.
  DELETE: route(deleteStaticPayIdOp, ({ db, merchantId, mode, params }) => setStaticPayIdActive(db, { merchantId, mode, id: params.id!, active: false })),
});
