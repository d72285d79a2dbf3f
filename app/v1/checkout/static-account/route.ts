// POST /v1/checkout/static-account – create a static NGN account; GET – list them
import { methods, route } from "@/lib/http/route";
import { createStaticAccountOp, listStaticAccountsOp } from "@/lib/static-accounts/operations";
import { createStaticAccount } from "@/lib/static-accounts/create-static-account";
import { listStaticAccounts } from "@/lib/static-accounts/list-static-accounts";
import { toStaticAccountView } from "@/lib/static-accounts/static-account-view";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route(createStaticAccountOp, async ({ db, merchantId, mode, key, body }) =>
    toStaticAccountView(await createStaticAccount(db, { merchantId, mode, keyPairId: key.keyPair.id, body })),
  ),
  GET: route(listStaticAccountsOp, async ({ db, merchantId, mode, query }) => {
    const page = await listStaticAccounts(db, { merchantId, mode, ...query });
    return { ...page, items: page.items.map(toStaticAccountView) };
  }),
});
