// GET /v1/checkout/virtual-account/:publicId – one virtual account
import { methods, route } from "@/lib/http/route";
import { getVirtualAccountOp } from "@/lib/virtual-accounts/operations";
import { getVirtualAccountOrThrow } from "@/lib/virtual-accounts/get-virtual-account";
import { toVirtualAccountView } from "@/lib/virtual-accounts/virtual-account-view";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(getVirtualAccountOp, async ({ db, merchantId, mode, params }) =>
    toVirtualAccountView(await getVirtualAccountOrThrow(db, { merchantId, mode, publicId: params.publicId! })),
  ),
});
