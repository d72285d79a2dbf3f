// POST /v1/checkout/static-payid/:id/deactivate – alias of DELETE /v1/checkout/static-payid/:id (supplement §7)
import { methods } from "@/lib/http/route";
import { deactivateStaticPayIdOp } from "@/lib/payids/operations";
import { DELETE as deactivateStaticPayId } from "../route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: deactivateStaticPayId.as(deactivateStaticPayIdOp) });
