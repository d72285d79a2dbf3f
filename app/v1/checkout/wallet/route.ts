// GET /v1/checkout/wallet – the key's linked wallet; PATCH – its name, members-only and daily limit
import { methods, route } from "@/lib/http/route";
import { getWalletOp, updateWalletOp } from "@/lib/wallets/operations";
import { getWallet, updateWallet } from "@/lib/wallets/wallet-settings";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(getWalletOp, async ({ db, merchantId, mode, walletPayIdId }) => getWallet(db, { merchantId, mode, walletPayIdId: walletPayIdId! })),
  PATCH: route(updateWalletOp, async ({ db, merchantId, mode, walletPayIdId, body }) =>
    updateWallet(db, { merchantId, mode, walletPayIdId: walletPayIdId! }, body),
  ),
});
