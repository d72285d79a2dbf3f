// POST /v1/checkout/dynamic-payid/:id/deactivate – alias of DELETE /v1/checkout/dynamic-payid/:id (supplement §7)
import { methods } from "@/lib/http/route";
import { deactivateDynamicPayIdOp } from "@/lib/payids/operations";
import { DELETE as deactivateDynamicPayId } from "../route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: deactivateDynamicPayId.as(deactivateDynamicPayIdOp) });
