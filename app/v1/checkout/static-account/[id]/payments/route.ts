// GET /v1/checkout/static-account/:id/payments – the account's payments, paged
import { methods, route } from "@/lib/http/route";
import { listStaticAccountPaymentsOp } from "@/lib/static-accounts/operations";
import { listStaticAccountPayments } from "@/lib/static-accounts/list-static-account-payments";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(listStaticAccountPaymentsOp, async ({ db, merchantId, mode, params, query }) =>
    listStaticAccountPayments(db, { merchantId, mode, id: params.id!, ...query }),
  ),
});
