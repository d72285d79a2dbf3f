// POST /v1/checkout/transfer/banks/resolve – name enquiry on an account number
import { methods } from "@/lib/http/route";
import { resolveAccountRoute } from "@/lib/transfers/resolve-account-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: resolveAccountRoute });
