// POST /v1/checkout/static-account – create a static NGN account; GET – list them
import { methods, route } from "@/lib/http/route";
import { createStaticAccount } from "@/lib/static-accounts/create-static-account";
import { listStaticAccounts } from "@/lib/static-accounts/list-static-accounts";
import { CreateStaticAccountBody, ListStaticAccountsQuery } from "@/lib/static-accounts/static-account-input";
import { toStaticAccountView } from "@/lib/static-accounts/static-account-view";
import { assertStaticAccountsEnabled } from "@/lib/static-accounts/product-state";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route({ body: CreateStaticAccountBody }, async ({ db, merchantId, mode, key, body }) =>
    toStaticAccountView(await createStaticAccount(db, { merchantId, mode, keyPairId: key.keyPair.id, body })),
  ),
  GET: route({ staticAccounts: assertStaticAccountsEnabled, query: ListStaticAccountsQuery }, async ({ db, merchantId, mode, query }) => {
    const page = await listStaticAccounts(db, { merchantId, mode, ...query });
    return { ...page, items: page.items.map(toStaticAccountView) };
  }),
});
