// GET /v1/checkout/static-account/:id/payments – the account's payments, paged
import { methods, route } from "@/lib/http/route";
import { listStaticAccountPayments } from "@/lib/static-accounts/list-static-account-payments";
import { assertStaticAccountsEnabled } from "@/lib/static-accounts/product-state";
import { PagingQuery } from "@/lib/static-accounts/static-account-input";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route({ query: PagingQuery }, async ({ db, merchantId, mode, params, query }) => {
    await assertStaticAccountsEnabled(db, merchantId);
    return listStaticAccountPayments(db, { merchantId, mode, id: params.id!, ...query });
  }),
});
