// POST /v1/checkout/transfer/calculate-charges – alias of /charges (supplement §7)
import { methods } from "@/lib/http/route";
import { chargesRoute } from "@/lib/transfers/transfer-routes";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: chargesRoute });
