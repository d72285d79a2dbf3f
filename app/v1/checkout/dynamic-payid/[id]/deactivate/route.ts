// POST /v1/checkout/dynamic-payid/:id/deactivate – alias of DELETE /v1/checkout/dynamic-payid/:id (supplement §7)
import { methods } from "@/lib/http/route";
import { deactivateDynamicPayIdRoute } from "@/lib/payids/payid-routes";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: deactivateDynamicPayIdRoute });
