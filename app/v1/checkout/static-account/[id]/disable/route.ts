// POST /v1/checkout/static-account/:id/disable – pause the account (the bank rejects transfers)
import { methods, route } from "@/lib/http/route";
import { disableStaticAccountOp } from "@/lib/static-accounts/operations";
import { disableStaticAccount } from "@/lib/static-accounts/change-static-account-status";
import { toStaticAccountView } from "@/lib/static-accounts/static-account-view";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route(disableStaticAccountOp, async ({ db, merchantId, mode, params }) =>
    toStaticAccountView(await disableStaticAccount(db, { merchantId, mode, id: params.id! })),
  ),
});
