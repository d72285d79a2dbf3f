// POST /v1/checkout/dynamic-payid – create a dynamic PayID; GET – list dynamic PayIDs
import { methods, route } from "@/lib/http/route";
import { createDynamicPayIdOp, listDynamicPayIdsOp } from "@/lib/payids/operations";
import { toDynamicPayIdListItem, toDynamicPayIdView } from "@/lib/payids/dynamic-payid-view";
import { issueDynamicPayId } from "@/lib/payids/issue-dynamic-payid";
import { listDynamicPayIds } from "@/lib/payids/list-dynamic-payids";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route(createDynamicPayIdOp, async ({ db, merchantId, mode, key, body }) =>
    toDynamicPayIdView(
      await issueDynamicPayId(db, {
        merchantId,
        mode,
        keyPairId: key.keyPair.id,
        settlementPayIdId: key.keyPair.settlementPayIdId,
        source: "api",
        body,
      }),
    ),
  ),
  GET: route(listDynamicPayIdsOp, async ({ db, merchantId, mode, query }) => {
    const page = await listDynamicPayIds(db, { merchantId, mode, ...query });
    return { ...page, items: page.items.map(toDynamicPayIdListItem) };
  }),
});
