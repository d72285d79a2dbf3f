// POST /v1/checkout/dynamic-payid – create a dynamic PayID; GET – list dynamic PayIDs
import { methods, route } from "@/lib/http/route";
import { toDynamicPayIdListItem, toDynamicPayIdView } from "@/lib/payids/dynamic-payid-view";
import { issueDynamicPayId } from "@/lib/payids/issue-dynamic-payid";
import { listDynamicPayIds } from "@/lib/payids/list-dynamic-payids";
import { CreateDynamicPayIdBody, ListDynamicPayIdsQuery } from "@/lib/payids/payid-input";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route({ permission: "virtual_payid", body: CreateDynamicPayIdBody }, async ({ db, merchantId, mode, key, body }) =>
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
  GET: route({ permission: "virtual_payid", query: ListDynamicPayIdsQuery }, async ({ db, merchantId, mode, query }) => {
    const page = await listDynamicPayIds(db, { merchantId, mode, ...query });
    return { ...page, items: page.items.map(toDynamicPayIdListItem) };
  }),
});
