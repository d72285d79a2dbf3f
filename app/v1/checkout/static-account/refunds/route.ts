// GET /v1/checkout/static-account/refunds – the key's merchant's refunds (status filter, paged)
import { methods, route } from "@/lib/http/route";
import { listRefunds } from "@/lib/refunds/list-refunds";
import { ListRefundsQuery } from "@/lib/refunds/refund-input";
import { toRefundView } from "@/lib/static-accounts/refund-view";
import { assertStaticAccountsEnabled } from "@/lib/static-accounts/product-state";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route({ staticAccounts: assertStaticAccountsEnabled, query: ListRefundsQuery }, async ({ db, merchantId, mode, query }) => {
    const page = await listRefunds(db, { merchantId, mode, staticOnly: true, ...query });
    return { ...page, items: page.items.map(toRefundView) };
  }),
});
