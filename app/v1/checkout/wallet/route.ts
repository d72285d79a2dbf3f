// GET /v1/checkout/wallet – the key's linked wallet; PATCH – its name, members-only and daily limit
import { methods, route } from "@/lib/http/route";
import { UpdateWalletBody } from "@/lib/wallets/wallet-input";
import { getWallet, updateWallet } from "@/lib/wallets/wallet-settings";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route({ permission: "transfers", wallet: true }, async ({ db, merchantId, mode, walletPayIdId }) =>
    getWallet(db, { merchantId, mode, walletPayIdId: walletPayIdId! }),
  ),
  PATCH: route({ permission: "transfers", wallet: true, body: UpdateWalletBody }, async ({ db, merchantId, mode, walletPayIdId, body }) =>
    updateWallet(db, { merchantId, mode, walletPayIdId: walletPayIdId! }, body),
  ),
});
