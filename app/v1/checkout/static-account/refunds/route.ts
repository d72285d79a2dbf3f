// GET /v1/checkout/static-account/refunds – the key's merchant's refunds (status filter, paged)
import { methods, route } from "@/lib/http/route";
import { listRefundsOp } from "@/lib/refunds/operations";
import { listRefunds } from "@/lib/refunds/list-refunds";
import { toRefundView } from "@/lib/static-accounts/refund-view";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(listRefundsOp, async ({ db, merchantId, mode, query }) => {
    const page = await listRefunds(db, { merchantId, mode, staticOnly: true, ...query });
    return { ...page, items: page.items.map(toRefundView) };
  }),
});
