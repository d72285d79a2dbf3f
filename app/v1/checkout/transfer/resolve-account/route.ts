// POST /v1/checkout/transfer/resolve-account – alias of /banks/resolve (supplement §7)
import { methods } from "@/lib/http/route";
import { resolveAccountRoute } from "@/lib/transfers/resolve-account-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: resolveAccountRoute });
