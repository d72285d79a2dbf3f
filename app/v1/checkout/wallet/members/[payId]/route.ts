// PATCH /v1/checkout/wallet/members/:payId – a member's label and daily limit; DELETE – remove it
import { methods, route } from "@/lib/http/route";
import { removeWalletMemberOp, updateWalletMemberOp } from "@/lib/wallets/operations";
import { removeMember, updateMember } from "@/lib/wallets/wallet-members";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  PATCH: route(updateWalletMemberOp, async ({ db, merchantId, mode, walletPayIdId, params, body }) =>
    updateMember(db, { merchantId, mode, walletPayIdId: walletPayIdId! }, params.payId!, body),
  ),
  DELETE: route(removeWalletMemberOp, async ({ db, merchantId, mode, walletPayIdId, params }) =>
    removeMember(db, { merchantId, mode, walletPayIdId: walletPayIdId! }, params.payId!),
  ),
});
