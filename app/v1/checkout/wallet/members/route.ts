// GET /v1/checkout/wallet/members – the wallet's members (saved recipients); POST – add one
import { methods, route } from "@/lib/http/route";
import { addWalletMemberOp, listWalletMembersOp } from "@/lib/wallets/operations";
import { addMember, listMembers } from "@/lib/wallets/wallet-members";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(listWalletMembersOp, async ({ db, merchantId, mode, walletPayIdId, query }) =>
    listMembers(db, { merchantId, mode, walletPayIdId: walletPayIdId! }, query),
  ),
  POST: route(addWalletMemberOp, async ({ db, merchantId, mode, walletPayIdId, body }) =>
    addMember(db, { merchantId, mode, walletPayIdId: walletPayIdId! }, body),
  ),
});
