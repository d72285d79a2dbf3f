// POST /v1/checkout/static-account/:id/enable – take transfers again (refused when suspended or deleted)
import { methods, route } from "@/lib/http/route";
import { enableStaticAccountOp } from "@/lib/static-accounts/operations";
import { enableStaticAccount } from "@/lib/static-accounts/change-static-account-status";
import { toStaticAccountView } from "@/lib/static-accounts/static-account-view";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route(enableStaticAccountOp, async ({ db, merchantId, mode, params }) =>
    toStaticAccountView(await enableStaticAccount(db, { merchantId, mode, id: params.id! })),
  ),
});
