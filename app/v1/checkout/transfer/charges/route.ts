// POST /v1/checkout/transfer/charges – quote fee, VAT and stamp duty for a bank transfer
import { methods } from "@/lib/http/route";
import { chargesRoute } from "@/lib/transfers/transfer-routes";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: chargesRoute });
