// POST /v1/checkout/transfer – initiate a transfer; GET – list transfers
import { methods, route } from "@/lib/http/route";
import { initiateTransferOp, listTransfersOp } from "@/lib/transfers/operations";
import { initiateTransfer } from "@/lib/transfers/initiate-transfer";
import { listTransfers } from "@/lib/transfers/list-transfers";
import { toTransferView } from "@/lib/transfers/transfer-view";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route(initiateTransferOp, ({ db, merchantId, mode, walletPayIdId, key, body, prefetched }) =>
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
  GET: route(listTransfersOp, async ({ db, merchantId, mode, query }) => {
    const page = await listTransfers(db, { merchantId, mode, ...query });
    return { ...page, items: page.items.map(toTransferView) };
  }),
});
