// POST /v1/checkout/static-payid – create a static PayID; GET – list static PayIDs
import { methods, route } from "@/lib/http/route";
import { createStaticPayIdOp, listStaticPayIdsOp } from "@/lib/payids/operations";
import { toStaticPayIdListItem, toStaticPayIdView } from "@/lib/payids/static-payid-view";
import { createStaticPayId, listStaticPayIds } from "@/lib/payids/static-payids";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route(createStaticPayIdOp, async ({ db, merchantId, mode, key, body }) =>
    toStaticPayIdView(
      await createStaticPayId(db, {
        merchantId,
        mode,
        merchantType: key.merchant.type,
        keyPairId: key.keyPair.id,
        settlementPayIdId: key.keyPair.settlementPayIdId,
        source: "api",
        body,
      }),
    ),
  ),
  GET: route(listStaticPayIdsOp, async ({ db, merchantId, mode, query }) => {
    const page = await listStaticPayIds(db, { merchantId, mode, ...query });
    return { ...page, items: page.items.map(toStaticPayIdListItem) };
  }),
});
