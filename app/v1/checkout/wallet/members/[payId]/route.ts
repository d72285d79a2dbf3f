// PATCH /v1/checkout/wallet/members/:payId – a member's label and daily limit; DELETE – remove it
import { methods, route } from "@/lib/http/route";
import { UpdateMemberBody } from "@/lib/wallets/wallet-input";
import { removeMember, updateMember } from "@/lib/wallets/wallet-members";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  PATCH: route({ permission: "transfers", wallet: true, body: UpdateMemberBody }, async ({ db, merchantId, mode, walletPayIdId, params, body }) =>
    updateMember(db, { merchantId, mode, walletPayIdId: walletPayIdId! }, params.payId!, body),
  ),
  DELETE: route({ permission: "transfers", wallet: true }, async ({ db, merchantId, mode, walletPayIdId, params }) =>
    removeMember(db, { merchantId, mode, walletPayIdId: walletPayIdId! }, params.payId!),
  ),
});
