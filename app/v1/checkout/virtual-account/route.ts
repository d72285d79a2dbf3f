// POST /v1/checkout/virtual-account – issue a virtual account; GET – list virtual accounts
import { methods, route } from "@/lib/http/route";
import { createVirtualAccountOp, listVirtualAccountsOp } from "@/lib/virtual-accounts/operations";
import { createVirtualAccount } from "@/lib/virtual-accounts/create-virtual-account";
import { listVirtualAccounts } from "@/lib/virtual-accounts/list-virtual-accounts";
import { toVirtualAccountView } from "@/lib/virtual-accounts/virtual-account-view";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route(createVirtualAccountOp, async ({ db, merchantId, mode, key, body }) =>
    toVirtualAccountView(
      await createVirtualAccount(db, {
        merchantId,
        merchantName: key.merchant.name,
        mode,
        keyPairId: key.keyPair.id,
        settlementPayIdId: key.keyPair.settlementPayIdId,
        source: "api",
        amount: body.amount,
        validityMinutes: body.validity_minutes,
        amountValidation: body.amount_validation,
        metadata: body.metadata,
      }),
    ),
  ),
  GET: route(listVirtualAccountsOp, async ({ db, merchantId, mode, query }) => {
    const page = await listVirtualAccounts(db, { merchantId, mode, ...query });
    return { ...page, items: page.items.map(toVirtualAccountView) };
  }),
});
