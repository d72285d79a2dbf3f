// POST /v1/checkout/transfer/banks/resolve – name enquiry on an account number
import { methods, route } from "@/lib/http/route";
import { resolveBankAccountOp } from "@/lib/transfers/operations";
import { resolveAccount } from "@/lib/transfers/resolve-account";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route(resolveBankAccountOp, ({ body, mode }) => resolveAccount(mode, body)),
});
