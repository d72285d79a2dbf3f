// GET /v1/checkout/static-account/:id/payments – the account's payments, paged
import { methods, route } from "@/lib/http/route";
import { listStaticAccountPayments } from "@/lib/static-accounts/list-static-account-payments";
import { PagingQuery } from "@/lib/static-accounts/static-account-input";
import { assertStaticAccountsEnabled } from "@/lib/static-accounts/product-state";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route({ staticAccounts: assertStaticAccountsEnabled, query: PagingQuery }, async ({ db, merchantId, mode, params, query }) =>
    listStaticAccountPayments(db, { merchantId, mode, id: params.id!, ...query }),
  ),
});
