// POST /v1/sandbox/wallet/fund – credit the key's linked test wallet (supplement §5)
import { methods, route } from "@/lib/http/route";
import { fundWallet, FundWalletBody } from "@/lib/wallets/fund-wallet";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route({ sandbox: true, wallet: true, body: FundWalletBody }, ({ db, body, walletPayIdId, merchantId }) =>
    fundWallet(db, { walletPayIdId: walletPayIdId!, amount: body.amount, merchantId }),
  ),
});
