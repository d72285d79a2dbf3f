// POST /v1/checkout/transfer/banks/resolve – name enquiry on an account number
import { methods, route } from "@/lib/http/route";
import { resolveAccount, ResolveAccountBody } from "@/lib/transfers/resolve-account";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route({ keys: "secret", body: ResolveAccountBody }, ({ body, mode }) => resolveAccount(mode, body)),
});
