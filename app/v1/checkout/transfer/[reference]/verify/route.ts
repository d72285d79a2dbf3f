// GET /v1/checkout/transfer/:reference/verify – the transfer with its latest bank status
import { methods, route } from "@/lib/http/route";
import { verifyTransferOp } from "@/lib/transfers/operations";
import { verifyTransfer } from "@/lib/transfers/verify-transfer";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(verifyTransferOp, ({ db, merchantId, mode, params }) => verifyTransfer(db, { merchantId, mode, reference: params.reference! })),
});
