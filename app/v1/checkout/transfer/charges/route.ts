// POST /v1/checkout/transfer/charges – quote fee, VAT and stamp duty for a bank transfer
import { methods, route } from "@/lib/http/route";
import { getTransferChargesOp } from "@/lib/transfers/operations";
import { quoteCharges } from "@/lib/transfers/quote-charges";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route(getTransferChargesOp, async ({ body }) => quoteCharges(body)),
});
