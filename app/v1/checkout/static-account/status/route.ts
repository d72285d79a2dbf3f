// GET /v1/checkout/static-account/status – whether the product is enabled (always answers)
import { methods, route } from "@/lib/http/route";
import { getStaticAccountStatusOp } from "@/lib/static-accounts/operations";
import { staticAccountProductState } from "@/lib/static-accounts/product-state";
import { staticAccountStatus } from "@/lib/static-accounts/static-account-status";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(getStaticAccountStatusOp, async ({ db, merchantId, mode }) => staticAccountStatus(await staticAccountProductState(db, merchantId), mode)),
});
