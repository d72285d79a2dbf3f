// GET /v1/checkout/wallet/members – the wallet's members (saved recipients); POST – add one
import { methods, route } from "@/lib/http/route";
import { AddMemberBody, ListMembersQuery } from "@/lib/wallets/wallet-input";
import { addMember, listMembers } from "@/lib/wallets/wallet-members";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route({ permission: "transfers", wallet: true, query: ListMembersQuery }, async ({ db, merchantId, mode, walletPayIdId, query }) =>
    listMembers(db, { merchantId, mode, walletPayIdId: walletPayIdId! }, query),
  ),
  POST: route({ permission: "transfers", wallet: true, body: AddMemberBody }, async ({ db, merchantId, mode, walletPayIdId, body }) =>
    addMember(db, { merchantId, mode, walletPayIdId: walletPayIdId! }, body),
  ),
});
