// POST /v1/checkout/transfer/charges – quote fee, VAT and stamp duty for a bank transfer
import { methods, route } from "@/lib/http/route";
import { quoteCharges } from "@/lib/transfers/quote-charges";
import { ChargesBody } from "@/lib/transfers/transfer-input";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route({ permission: "transfers", wallet: true, body: ChargesBody }, async ({ body }) => quoteCharges(body)),
});
