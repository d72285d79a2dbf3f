// POST /v1/checkout/transfer – initiate a transfer; GET – list transfers
import { methods, route } from "@/lib/http/route";
import { initiateTransfer, transferPrefetch } from "@/lib/transfers/initiate-transfer";
import { listTransfers } from "@/lib/transfers/list-transfers";
import { InitiateTransferBody, ListTransfersQuery } from "@/lib/transfers/transfer-input";
import { toTransferView } from "@/lib/transfers/transfer-view";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route(
    // A PayID recipient's read travels with the rate-limit count: one round trip fewer.
    { permission: "transfers", wallet: true, body: InitiateTransferBody, prefetch: (_params, sent) => transferPrefetch(sent.body, sent.mode) },
    ({ db, merchantId, mode, walletPayIdId, key, body, prefetched }) =>
      initiateTransfer(db, {
        merchantId,
        merchantName: key.merchant.name,
        mode,
        walletPayIdId: walletPayIdId!,
        keyPairId: key.keyPair.id,
        source: "api",
        body,
        recipientRows: prefetched,
      }),
  ),
  GET: route({ permission: "transfers", wallet: true, query: ListTransfersQuery }, async ({ db, merchantId, mode, query }) => {
    const page = await listTransfers(db, { merchantId, mode, ...query });
    return { ...page, items: page.items.map(toTransferView) };
  }),
});
