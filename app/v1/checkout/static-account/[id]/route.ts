// GET /v1/checkout/static-account/:id – one account; DELETE – delete it (permanent)
import { methods, route } from "@/lib/http/route";
import { deleteStaticAccountOp, getStaticAccountOp } from "@/lib/static-accounts/operations";
import { deleteStaticAccount } from "@/lib/static-accounts/change-static-account-status";
import { getStaticAccountOrThrow } from "@/lib/static-accounts/get-static-account";
import { toStaticAccountView } from "@/lib/static-accounts/static-account-view";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(getStaticAccountOp, async ({ db, merchantId, mode, params }) =>
    toStaticAccountView(await getStaticAccountOrThrow(db, { merchantId, mode, id: params.id! })),
  ),
  DELETE: route(deleteStaticAccountOp, async ({ db, merchantId, mode, params }) =>
    toStaticAccountView(await deleteStaticAccount(db, { merchantId, mode, id: params.id! })),
  ),
});
