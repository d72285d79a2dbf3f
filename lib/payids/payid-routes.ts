import { route } from "@/lib/http/route";
import { deactivateDynamicPayId } from "./get-dynamic-payid";
import { setStaticPayIdActive } from "./static-payids";

/** One handler for DELETE /static-payid/:id and its SDK alias POST /static-payid/:id/deactivate. */
export const deactivateStaticPayIdRoute = route({ permission: "virtual_payid", business: true }, ({ db, merchantId, mode, params }) =>
  setStaticPayIdActive(db, { merchantId, mode, id: params.id!, active: false }),
);

/** One handler for DELETE /dynamic-payid/:id and its SDK alias POST /dynamic-payid/:id/deactivate. */
export const deactivateDynamicPayIdRoute = route({ permission: "virtual_payid" }, ({ db, merchantId, mode, params }) =>
  deactivateDynamicPayId(db, { merchantId, mode, id: params.id! }),
);
