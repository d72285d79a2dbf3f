/** The /v1 operations of transfers, each declared once: route files, the OpenAPI document and the typed client read them. */
import { BankListSchema, ResolvedAccountSchema } from "@/lib/bank/provider";
import { TransferChargesSchema } from "@/lib/fees/transfer-fees";
import { defineOperation } from "@/lib/operation";
import { transferPrefetch } from "./initiate-transfer";
import { ResolveAccountBody } from "./resolve-account";
import { SandboxOutcomeBody } from "./set-sandbox-outcome";
import { ChargesBody, InitiateTransferBody, ListTransfersQuery } from "./transfer-input";
import { TransferPageSchema, TransferSchema } from "./transfer-view";
import { BalanceSchema } from "@/lib/wallets/wallet-view";

export const initiateTransferOp = defineOperation({
  method: "POST",
  path: "/v1/checkout/transfer",
  operationId: "initiateTransfer",
  summary: "Send a transfer",
  description: "To a bank account or a PayID. Idempotent on `reference`: the same body answers the same transfer.",
  tag: "Transfers",
  permission: "transfers",
  wallet: true,
  body: InitiateTransferBody,
  response: TransferSchema,
  errors: {
    400: ["INSUFFICIENT_FUNDS", "ACCOUNT_NOT_FOUND", "LIMIT_EXCEEDED"],
    403: ["RECIPIENT_NOT_ALLOWED"],
    409: ["REFERENCE_CONFLICT"],
    503: ["RAIL_UNAVAILABLE"],
  },
  // A PayID recipient's read travels with the rate-limit count: one round trip fewer.
  prefetch: (_params, sent) => transferPrefetch(sent.body, sent.mode),
});

export const listTransfersOp = defineOperation({
  method: "GET",
  path: "/v1/checkout/transfer",
  operationId: "listTransfers",
  summary: "List transfers",
  tag: "Transfers",
  permission: "transfers",
  wallet: true,
  query: ListTransfersQuery,
  response: TransferPageSchema,
});

export const getTransferOp = defineOperation({
  method: "GET",
  path: "/v1/checkout/transfer/{reference}",
  operationId: "getTransfer",
  summary: "Get a transfer",
  description: "By Owo's reference or your merchant reference.",
  tag: "Transfers",
  permission: "transfers",
  wallet: true,
  response: TransferSchema,
  errors: { 400: ["TRANSFER_NOT_FOUND"] },
});

export const verifyTransferOp = defineOperation({
  method: "GET",
  path: "/v1/checkout/transfer/{reference}/verify",
  operationId: "verifyTransfer",
  summary: "Verify a transfer with its bank",
  tag: "Transfers",
  permission: "transfers",
  wallet: true,
  response: TransferSchema,
  errors: { 400: ["TRANSFER_NOT_FOUND"] },
});

export const getBalanceOp = defineOperation({
  method: "GET",
  path: "/v1/checkout/transfer/balance",
  operationId: "getBalance",
  summary: "The linked wallet's balance",
  tag: "Transfers",
  permission: "transfers",
  wallet: true,
  response: BalanceSchema,
});

export const listBanksOp = defineOperation({
  method: "GET",
  path: "/v1/checkout/transfer/banks",
  operationId: "listBanks",
  summary: "Banks a transfer can go to",
  tag: "Transfers",
  response: BankListSchema,
});

export const resolveBankAccountOp = defineOperation({
  method: "POST",
  path: "/v1/checkout/transfer/banks/resolve",
  operationId: "resolveBankAccount",
  summary: "Name enquiry on an account number",
  tag: "Transfers",
  body: ResolveAccountBody,
  response: ResolvedAccountSchema,
  errors: { 400: ["ACCOUNT_NOT_FOUND"], 503: ["RAIL_UNAVAILABLE"] },
});

/** Alias of resolveBankAccount: the same key, permission, body and answer. */
export const resolveAccountOp = defineOperation({
  ...resolveBankAccountOp,
  method: "POST",
  path: "/v1/checkout/transfer/resolve-account",
  operationId: "resolveAccount",
  summary: "Name enquiry (alias of /banks/resolve)",
});

export const getTransferChargesOp = defineOperation({
  method: "POST",
  path: "/v1/checkout/transfer/charges",
  operationId: "getTransferCharges",
  summary: "Quote a bank transfer's fee, VAT and stamp duty",
  tag: "Transfers",
  permission: "transfers",
  wallet: true,
  body: ChargesBody,
  response: TransferChargesSchema,
});

/** Alias of getTransferCharges: the same key, permission, body and answer. */
export const calculateTransferChargesOp = defineOperation({
  ...getTransferChargesOp,
  method: "POST",
  path: "/v1/checkout/transfer/calculate-charges",
  operationId: "calculateTransferCharges",
  summary: "Quote charges (alias of /charges)",
});

export const setSandboxTransferOutcomeOp = defineOperation({
  method: "POST",
  path: "/v1/sandbox/transfers/{reference}/outcome",
  operationId: "setSandboxTransferOutcome",
  summary: "Decide how a pending sandbox bank transfer ends",
  tag: "Sandbox",
  sandbox: true,
  body: SandboxOutcomeBody,
  response: TransferSchema,
  errors: { 400: ["INVALID_STATE", "TRANSFER_NOT_FOUND"] },
});
