// GET /v1/checkout/payouts – the automatic payouts (supplement §13), as transfer objects
import { methods, route } from "@/lib/http/route";
import { listPayoutsOp } from "@/lib/payouts/operations";
import { listPayouts } from "@/lib/payouts/list-payouts";
import { toTransferView } from "@/lib/transfers/transfer-view";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(listPayoutsOp, async ({ db, merchantId, mode, query }) => {
    const page = await listPayouts(db, { merchantId, mode, ...query });
    return { ...page, items: page.items.map(toTransferView) };
  }),
});
