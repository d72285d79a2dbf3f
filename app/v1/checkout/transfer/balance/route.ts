// GET /v1/checkout/transfer/balance – the linked wallet's available balance (kobo)
import { methods, route } from "@/lib/http/route";
import { getBalanceOp } from "@/lib/transfers/operations";
import { getBalance } from "@/lib/wallets/wallet-balance";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(getBalanceOp, ({ db, walletPayIdId }) => getBalance(db, { walletPayIdId: walletPayIdId! })),
});
