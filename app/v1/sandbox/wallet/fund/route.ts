// POST /v1/sandbox/wallet/fund – credit the key's linked test wallet (supplement §5)
import { methods, route } from "@/lib/http/route";
import { fundSandboxWalletOp } from "@/lib/wallets/operations";
import { fundWallet } from "@/lib/wallets/fund-wallet";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route(fundSandboxWalletOp, ({ db, body, walletPayIdId, merchantId }) =>
    fundWallet(db, { walletPayIdId: walletPayIdId!, amount: body.amount, merchantId }),
  ),
});
