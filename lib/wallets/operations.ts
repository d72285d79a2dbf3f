/** The /v1 operations of the linked wallet, each declared once: route files, the OpenAPI document and the typed client read them. */
import { defineOperation } from "@/lib/operation";
import { ActionResultSchema } from "@/lib/response-schema";
import { FundWalletBody } from "./fund-wallet";
import { AddMemberBody, ListMembersQuery, UpdateMemberBody, UpdateWalletBody } from "./wallet-input";
import { BalanceSchema, MemberPageSchema, MemberSchema, WalletSchema } from "./wallet-view";

export const getWalletOp = defineOperation({
  method: "GET",
  path: "/v1/checkout/wallet",
  operationId: "getWallet",
  summary: "The linked wallet and its settings",
  tag: "Wallet",
  permission: "transfers",
  wallet: true,
  response: WalletSchema,
});

export const updateWalletOp = defineOperation({
  method: "PATCH",
  path: "/v1/checkout/wallet",
  operationId: "updateWallet",
  summary: "Change the wallet's name, members-only or daily limit",
  description: "Only the fields given change. `daily_limit` (kobo, at least 10000, or null for none) caps the Lagos day's transfers out, amount plus fees.",
  tag: "Wallet",
  permission: "transfers",
  wallet: true,
  body: UpdateWalletBody,
  response: WalletSchema,
});

export const listWalletMembersOp = defineOperation({
  method: "GET",
  path: "/v1/checkout/wallet/members",
  operationId: "listWalletMembers",
  summary: "List the wallet's members",
  tag: "Wallet",
  permission: "transfers",
  wallet: true,
  query: ListMembersQuery,
  response: MemberPageSchema,
});

export const addWalletMemberOp = defineOperation({
  method: "POST",
  path: "/v1/checkout/wallet/members",
  operationId: "addWalletMember",
  summary: "Add a member (a saved recipient)",
  description: "An existing member is answered unchanged.",
  tag: "Wallet",
  permission: "transfers",
  wallet: true,
  body: AddMemberBody,
  response: MemberSchema,
  errors: { 400: ["PAY_ID_NOT_FOUND", "VALIDATION_ERROR"] },
});

export const updateWalletMemberOp = defineOperation({
  method: "PATCH",
  path: "/v1/checkout/wallet/members/{payId}",
  operationId: "updateWalletMember",
  summary: "Change a member's label or daily limit",
  tag: "Wallet",
  permission: "transfers",
  wallet: true,
  body: UpdateMemberBody,
  response: MemberSchema,
  errors: { 404: ["NOT_FOUND"] },
});

export const removeWalletMemberOp = defineOperation({
  method: "DELETE",
  path: "/v1/checkout/wallet/members/{payId}",
  operationId: "removeWalletMember",
  summary: "Remove a member",
  tag: "Wallet",
  permission: "transfers",
  wallet: true,
  response: ActionResultSchema,
  errors: { 404: ["NOT_FOUND"] },
});

export const fundSandboxWalletOp = defineOperation({
  method: "POST",
  path: "/v1/sandbox/wallet/fund",
  operationId: "fundSandboxWallet",
  summary: "Credit the key's linked test wallet",
  tag: "Sandbox",
  sandbox: true,
  wallet: true,
  body: FundWalletBody,
  response: BalanceSchema,
});

/** In the order the document lists them (lib/openapi/operations.ts). */
export const WALLET_OPERATIONS = [getWalletOp, updateWalletOp, listWalletMembersOp, addWalletMemberOp, updateWalletMemberOp, removeWalletMemberOp] as const;
