/**
 * Every /v1 operation: what the document says about it. Request bodies and queries are the
 * very zod schemas the handlers pass to route({ body, query }) (imported, never copied), and
 * lib/openapi/openapi.test.ts checks that each route's options (key type, permission, sandbox,
 * wallet, business, product gate, body and query schema) are the ones declared here, and that
 * every route file and method has an operation and the other way round.
 */
import type { z } from "zod";
import type { Permission } from "@/db/schema";
import type { ErrorCode } from "@/lib/errors";
import { EventsQuery } from "@/lib/events/list-events";
import { CreateInvoiceBody, ListInvoicesQuery, UpdateInvoiceBody } from "@/lib/invoices/invoice-input";
import { CreatePaymentLinkBody, ListPaymentLinksQuery, UpdatePaymentLinkBody } from "@/lib/payment-links/payment-link-input";
import { SandboxPaymentBody } from "@/lib/payments/sandbox-payment";
import { CreateDynamicPayIdBody, CreateStaticPayIdBody, ListDynamicPayIdsQuery, ListStaticPayIdsQuery, UpdateStaticPayIdBody } from "@/lib/payids/payid-input";
import { SandboxExpireBody } from "@/lib/payments/sandbox-expire";
import { ListRefundsQuery, RequestPaymentRefundBody, RequestRefundBody, SandboxRejectRefundBody } from "@/lib/refunds/refund-input";
import { InitializeSessionBody, SelectPaymentMethodBody, SwitchBankBody } from "@/lib/sessions/session-input";
import { CreateStaticAccountBody, ListStaticAccountsQuery, PagingQuery } from "@/lib/static-accounts/static-account-input";
import { ResolveAccountBody } from "@/lib/transfers/resolve-account";
import { SandboxOutcomeBody } from "@/lib/transfers/set-sandbox-outcome";
import { ListPayoutsQuery } from "@/lib/payouts/list-payouts";
import { ChargesBody, InitiateTransferBody, ListTransfersQuery } from "@/lib/transfers/transfer-input";
import { CreateVirtualAccountBody, ListVirtualAccountsQuery } from "@/lib/virtual-accounts/virtual-account-input";
import { FundWalletBody } from "@/lib/wallets/fund-wallet";
import { AddMemberBody, ListMembersQuery, UpdateMemberBody, UpdateWalletBody } from "@/lib/wallets/wallet-input";
import * as R from "./responses";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Domain failures an operation can answer, by status (the pipeline's own are added for it). */
export type ErrorMap = Partial<Record<number, readonly ErrorCode[]>>;

export type Operation = {
  method: HttpMethod;
  /** OpenAPI path template: `/v1/checkout/transfer/{reference}`. */
  path: string;
  /** Also the typed client's method name. */
  operationId: string;
  summary: string;
  description?: string;
  tag: Tag;
  /** route({ keys }): secret key only (default) or either half of the pair. */
  keys: "secret" | "any";
  permission?: Permission;
  /** route({ sandbox }): test keys only. */
  sandbox?: boolean;
  /** route({ wallet }): a wallet must be linked to the key. */
  wallet?: boolean;
  /** route({ business }): business merchants only. */
  business?: boolean;
  /** route({ staticAccounts }): the static-account product must be enabled. */
  staticAccounts?: boolean;
  /** Commands that check the static-account product gate themselves (not a route option). */
  productGate?: boolean;
  /** route({ limit: "initialize" }). */
  limit?: "initialize";
  body?: z.ZodType;
  query?: z.ZodType;
  response: z.ZodType;
  errors?: ErrorMap;
};

export const TAGS = {
  "Checkout sessions": "Take a payment through Owo's hosted checkout.",
  "Dynamic PayIDs": "One-off PayIDs with an amount and an expiry.",
  "Static PayIDs": "Long-lived PayIDs of a business.",
  "Virtual accounts": "Account numbers for one payment.",
  "Static NGN accounts": "Permanent account numbers for one customer, with settlement and refunds.",
  Refunds: "Refund any completed payment (checkout, PayID, virtual account, invoice or static account) to its payer, after Owo's review.",
  Transfers: "Send money from the key's linked wallet.",
  Wallet: "The key's linked wallet: its name, members (saved recipients), members-only and daily limits.",
  Invoices: "Invoices with a hosted payment page.",
  "Payment links": "Shareable pages (/l/<slug>) that take payments through checkout sessions.",
  Events: "The key's webhook events and their delivery.",
  Sandbox: "Test-mode helpers (test keys only).",
} as const;
export type Tag = keyof typeof TAGS;

const SESSION_ERRORS: ErrorMap = { 400: ["HTTP_ERROR"], 404: ["HTTP_ERROR"] };
const STATIC_ACCOUNT_CHANGE: ErrorMap = { 400: ["ACCOUNT_DELETED", "ACCOUNT_SUSPENDED"], 404: ["NOT_FOUND"] };

export const OPERATIONS: readonly Operation[] = [
  // ---- Checkout sessions
  {
    method: "POST",
    path: "/v1/checkout/session/initialize",
    operationId: "initializeSession",
    summary: "Create a checkout session",
    description: "Secret or public key. Counts against the key's initialize limit as well as its request limit.",
    tag: "Checkout sessions",
    keys: "any",
    permission: "checkout",
    limit: "initialize",
    body: InitializeSessionBody,
    response: R.SessionInitialize,
    errors: { 400: ["HTTP_ERROR"], 409: ["REFERENCE_CONFLICT"] },
  },
  {
    method: "GET",
    path: "/v1/checkout/session/{sessionId}",
    operationId: "getSession",
    summary: "Get a session",
    tag: "Checkout sessions",
    keys: "any",
    permission: "checkout",
    response: R.Session,
    errors: SESSION_ERRORS,
  },
  {
    method: "GET",
    path: "/v1/checkout/session/{sessionId}/verify",
    operationId: "verifySession",
    summary: "Verify a session's payment",
    description: "The session's status; an expired session is marked expired before the answer.",
    tag: "Checkout sessions",
    keys: "any",
    permission: "checkout",
    response: R.SessionVerify,
    errors: SESSION_ERRORS,
  },
  {
    method: "POST",
    path: "/v1/checkout/session/{sessionId}/payment-method",
    operationId: "selectPaymentMethod",
    summary: "Choose how the customer pays",
    description: "Issues (or reuses) the account number or PayID the customer pays to.",
    tag: "Checkout sessions",
    keys: "any",
    permission: "checkout",
    body: SelectPaymentMethodBody,
    response: R.PaymentDetails,
    errors: { ...SESSION_ERRORS, 400: ["HTTP_ERROR", "BANK_UNAVAILABLE"], 503: ["HTTP_ERROR", "BANK_SWITCH_FAILED", "RAIL_UNAVAILABLE"] },
  },
  {
    method: "POST",
    path: "/v1/checkout/session/{sessionId}/switch-bank",
    operationId: "switchBank",
    summary: "Move the session's account to another partner bank",
    tag: "Checkout sessions",
    keys: "any",
    permission: "checkout",
    body: SwitchBankBody,
    response: R.BankTransferDetails,
    errors: { ...SESSION_ERRORS, 400: ["HTTP_ERROR", "BANK_UNAVAILABLE", "INVALID_STATE"], 503: ["HTTP_ERROR", "BANK_SWITCH_FAILED", "RAIL_UNAVAILABLE"] },
  },

  // ---- Dynamic PayIDs
  {
    method: "POST",
    path: "/v1/checkout/dynamic-payid",
    operationId: "createDynamicPayId",
    summary: "Create a dynamic PayID",
    tag: "Dynamic PayIDs",
    keys: "secret",
    permission: "virtual_payid",
    body: CreateDynamicPayIdBody,
    response: R.DynamicPayId,
  },
  {
    method: "GET",
    path: "/v1/checkout/dynamic-payid",
    operationId: "listDynamicPayIds",
    summary: "List dynamic PayIDs",
    tag: "Dynamic PayIDs",
    keys: "secret",
    permission: "virtual_payid",
    query: ListDynamicPayIdsQuery,
    response: R.DynamicPayIdPage,
  },
  {
    method: "GET",
    path: "/v1/checkout/dynamic-payid/{id}",
    operationId: "getDynamicPayId",
    summary: "Get a dynamic PayID",
    tag: "Dynamic PayIDs",
    keys: "secret",
    permission: "virtual_payid",
    response: R.DynamicPayId,
    errors: { 404: ["NOT_FOUND"] },
  },
  {
    method: "DELETE",
    path: "/v1/checkout/dynamic-payid/{id}",
    operationId: "deleteDynamicPayId",
    summary: "Deactivate a dynamic PayID",
    tag: "Dynamic PayIDs",
    keys: "secret",
    permission: "virtual_payid",
    response: R.ActionResult,
    errors: { 400: ["INVALID_STATE"], 404: ["NOT_FOUND"] },
  },
  {
    method: "POST",
    path: "/v1/checkout/dynamic-payid/{id}/deactivate",
    operationId: "deactivateDynamicPayId",
    summary: "Deactivate a dynamic PayID (alias of DELETE)",
    tag: "Dynamic PayIDs",
    keys: "secret",
    permission: "virtual_payid",
    response: R.ActionResult,
    errors: { 400: ["INVALID_STATE"], 404: ["NOT_FOUND"] },
  },

  // ---- Static PayIDs
  {
    method: "POST",
    path: "/v1/checkout/static-payid",
    operationId: "createStaticPayId",
    summary: "Create a static PayID",
    tag: "Static PayIDs",
    keys: "secret",
    permission: "virtual_payid",
    business: true,
    body: CreateStaticPayIdBody,
    response: R.StaticPayId,
    errors: { 409: ["PAY_ID_TAKEN"] },
  },
  {
    method: "GET",
    path: "/v1/checkout/static-payid",
    operationId: "listStaticPayIds",
    summary: "List static PayIDs",
    tag: "Static PayIDs",
    keys: "secret",
    permission: "virtual_payid",
    business: true,
    query: ListStaticPayIdsQuery,
    response: R.StaticPayIdPage,
  },
  {
    method: "GET",
    path: "/v1/checkout/static-payid/{id}",
    operationId: "getStaticPayId",
    summary: "Get a static PayID",
    tag: "Static PayIDs",
    keys: "secret",
    permission: "virtual_payid",
    business: true,
    response: R.StaticPayId,
    errors: { 404: ["NOT_FOUND"] },
  },
  {
    method: "PUT",
    path: "/v1/checkout/static-payid/{id}",
    operationId: "updateStaticPayId",
    summary: "Rename a static PayID",
    tag: "Static PayIDs",
    keys: "secret",
    permission: "virtual_payid",
    business: true,
    body: UpdateStaticPayIdBody,
    response: R.StaticPayId,
    errors: { 404: ["NOT_FOUND"] },
  },
  {
    method: "DELETE",
    path: "/v1/checkout/static-payid/{id}",
    operationId: "deleteStaticPayId",
    summary: "Deactivate a static PayID",
    tag: "Static PayIDs",
    keys: "secret",
    permission: "virtual_payid",
    business: true,
    response: R.ActionResult,
    errors: { 404: ["NOT_FOUND"] },
  },
  {
    method: "POST",
    path: "/v1/checkout/static-payid/{id}/deactivate",
    operationId: "deactivateStaticPayId",
    summary: "Deactivate a static PayID (alias of DELETE)",
    tag: "Static PayIDs",
    keys: "secret",
    permission: "virtual_payid",
    business: true,
    response: R.ActionResult,
    errors: { 404: ["NOT_FOUND"] },
  },
  {
    method: "POST",
    path: "/v1/checkout/static-payid/{id}/reactivate",
    operationId: "reactivateStaticPayId",
    summary: "Reactivate a static PayID",
    tag: "Static PayIDs",
    keys: "secret",
    permission: "virtual_payid",
    business: true,
    response: R.ActionResult,
    errors: { 404: ["NOT_FOUND"] },
  },

  // ---- Virtual accounts
  {
    method: "POST",
    path: "/v1/checkout/virtual-account",
    operationId: "createVirtualAccount",
    summary: "Issue a virtual account",
    tag: "Virtual accounts",
    keys: "secret",
    permission: "virtual_account",
    body: CreateVirtualAccountBody,
    response: R.VirtualAccount,
    errors: { 400: ["BANK_UNAVAILABLE"], 503: ["HTTP_ERROR", "RAIL_UNAVAILABLE"] },
  },
  {
    method: "GET",
    path: "/v1/checkout/virtual-account",
    operationId: "listVirtualAccounts",
    summary: "List virtual accounts",
    tag: "Virtual accounts",
    keys: "secret",
    permission: "virtual_account",
    query: ListVirtualAccountsQuery,
    response: R.VirtualAccountPage,
  },
  {
    method: "GET",
    path: "/v1/checkout/virtual-account/{publicId}",
    operationId: "getVirtualAccount",
    summary: "Get a virtual account",
    tag: "Virtual accounts",
    keys: "secret",
    permission: "virtual_account",
    response: R.VirtualAccount,
    errors: { 404: ["NOT_FOUND"] },
  },

  // ---- Static NGN accounts
  {
    method: "GET",
    path: "/v1/checkout/static-account/status",
    operationId: "getStaticAccountStatus",
    summary: "Whether static NGN accounts are enabled",
    description: "Always answers, whatever the product's state.",
    tag: "Static NGN accounts",
    keys: "secret",
    response: R.StaticAccountProductStatus,
  },
  {
    method: "POST",
    path: "/v1/checkout/static-account",
    operationId: "createStaticAccount",
    summary: "Create a static NGN account",
    description: "Idempotent on `reference`: the same reference answers the same account.",
    tag: "Static NGN accounts",
    keys: "secret",
    productGate: true,
    body: CreateStaticAccountBody,
    response: R.StaticAccount,
    errors: {
      400: ["IDENTITY_MISMATCH", "STATIC_ACCOUNT_REJECTED"],
      409: ["REFERENCE_IN_USE"],
      429: ["STATIC_ACCOUNT_RATE_LIMITED"],
      503: ["IDENTITY_CHECK_UNAVAILABLE", "STATIC_ACCOUNT_UNAVAILABLE", "RAIL_UNAVAILABLE"],
    },
  },
  {
    method: "GET",
    path: "/v1/checkout/static-account",
    operationId: "listStaticAccounts",
    summary: "List static NGN accounts",
    tag: "Static NGN accounts",
    keys: "secret",
    staticAccounts: true,
    query: ListStaticAccountsQuery,
    response: R.StaticAccountPage,
  },
  {
    method: "GET",
    path: "/v1/checkout/static-account/{id}",
    operationId: "getStaticAccount",
    summary: "Get a static NGN account",
    tag: "Static NGN accounts",
    keys: "secret",
    staticAccounts: true,
    response: R.StaticAccount,
    errors: { 404: ["NOT_FOUND"] },
  },
  {
    method: "DELETE",
    path: "/v1/checkout/static-account/{id}",
    operationId: "deleteStaticAccount",
    summary: "Delete a static NGN account (permanent)",
    tag: "Static NGN accounts",
    keys: "secret",
    productGate: true,
    response: R.StaticAccount,
    errors: STATIC_ACCOUNT_CHANGE,
  },
  {
    method: "POST",
    path: "/v1/checkout/static-account/{id}/disable",
    operationId: "disableStaticAccount",
    summary: "Disable a static NGN account",
    tag: "Static NGN accounts",
    keys: "secret",
    productGate: true,
    response: R.StaticAccount,
    errors: STATIC_ACCOUNT_CHANGE,
  },
  {
    method: "POST",
    path: "/v1/checkout/static-account/{id}/enable",
    operationId: "enableStaticAccount",
    summary: "Enable a disabled static NGN account",
    tag: "Static NGN accounts",
    keys: "secret",
    productGate: true,
    response: R.StaticAccount,
    errors: STATIC_ACCOUNT_CHANGE,
  },
  {
    method: "GET",
    path: "/v1/checkout/static-account/{id}/payments",
    operationId: "listStaticAccountPayments",
    summary: "List a static NGN account's payments",
    tag: "Static NGN accounts",
    keys: "secret",
    staticAccounts: true,
    query: PagingQuery,
    response: R.StaticAccountPaymentPage,
    errors: { 404: ["NOT_FOUND"] },
  },
  {
    method: "POST",
    path: "/v1/checkout/static-account/{id}/payments/{paymentId}/refund",
    operationId: "requestRefund",
    summary: "Refund a static-account payment to its payer",
    tag: "Static NGN accounts",
    keys: "secret",
    productGate: true,
    body: RequestRefundBody,
    response: R.Refund,
    errors: { 400: ["REFUND_NOT_ALLOWED", "ALREADY_REFUNDED", "ACCOUNT_DELETED"], 404: ["NOT_FOUND"], 503: ["RAIL_UNAVAILABLE"] },
  },
  {
    method: "GET",
    path: "/v1/checkout/static-account/refunds",
    operationId: "listRefunds",
    summary: "List refunds",
    tag: "Static NGN accounts",
    keys: "secret",
    staticAccounts: true,
    query: ListRefundsQuery,
    response: R.RefundPage,
  },
  {
    method: "GET",
    path: "/v1/checkout/static-account/refunds/{refundId}",
    operationId: "getRefund",
    summary: "Get a refund",
    tag: "Static NGN accounts",
    keys: "secret",
    staticAccounts: true,
    response: R.Refund,
    errors: { 404: ["NOT_FOUND"] },
  },

  // ---- Refunds on every channel
  {
    method: "POST",
    path: "/v1/checkout/refunds",
    operationId: "requestPaymentRefund",
    summary: "Refund a completed payment to its payer, whole or in part",
    description:
      "Refunds the payment named by its transaction `reference` (as in `charge.success`), on any channel: the whole payment, or `amount` kobo of it (at least 100). A payment may have several refunds while those not `rejected` or `failed` sum to at most its amount (more: `REFUND_EXCEEDS_PAYMENT`). The money is held in the wallet at once: a refund of the whole payment holds its net (amount less fees), and on approval the collection fee comes back out of Owo's fee revenue; a partial refund holds exactly its amount and returns no fee (a static-account payment is refunded whole, held from settlement). Owo reviews a live refund; a test-mode refund is decided by the merchant (`POST /v1/sandbox/refunds/{id}/approve` or `/reject`). On approval the payer is paid back and `charge.refunded` is sent with the payment's `channel`, `amount` (the payment's) and `refunded_amount` (this refund's); the payment becomes `refunded` once its refunds cover its whole amount. A rejected request releases the hold and sends nothing. Asking again without `amount`, or with an open refund's amount, answers that open refund.",
    tag: "Refunds",
    keys: "secret",
    body: RequestPaymentRefundBody,
    response: R.Refund,
    errors: { 400: ["INSUFFICIENT_FUNDS", "ALREADY_REFUNDED", "REFUND_EXCEEDS_PAYMENT", "REFUND_NOT_ALLOWED"], 404: ["NOT_FOUND"], 503: ["RAIL_UNAVAILABLE"] },
  },
  {
    method: "GET",
    path: "/v1/checkout/refunds",
    operationId: "listPaymentRefunds",
    summary: "List refunds of every channel",
    description:
      "The refunds of this key's merchant and mode, static-account payments' included, newest first; `payment_id` is each payment's transaction reference.",
    tag: "Refunds",
    keys: "secret",
    query: ListRefundsQuery,
    response: R.RefundPage,
  },
  {
    method: "GET",
    path: "/v1/checkout/refunds/{id}",
    operationId: "getPaymentRefund",
    summary: "Get a refund of any channel",
    tag: "Refunds",
    keys: "secret",
    response: R.Refund,
    errors: { 404: ["NOT_FOUND"] },
  },

  // ---- Transfers
  {
    method: "POST",
    path: "/v1/checkout/transfer",
    operationId: "initiateTransfer",
    summary: "Send a transfer",
    description: "To a bank account or a PayID. Idempotent on `reference`: the same body answers the same transfer.",
    tag: "Transfers",
    keys: "secret",
    permission: "transfers",
    wallet: true,
    body: InitiateTransferBody,
    response: R.Transfer,
    errors: {
      400: ["INSUFFICIENT_FUNDS", "ACCOUNT_NOT_FOUND", "LIMIT_EXCEEDED"],
      403: ["RECIPIENT_NOT_ALLOWED"],
      409: ["REFERENCE_CONFLICT"],
      503: ["RAIL_UNAVAILABLE"],
    },
  },
  {
    method: "GET",
    path: "/v1/checkout/transfer",
    operationId: "listTransfers",
    summary: "List transfers",
    tag: "Transfers",
    keys: "secret",
    permission: "transfers",
    wallet: true,
    query: ListTransfersQuery,
    response: R.TransferPage,
  },
  {
    method: "GET",
    path: "/v1/checkout/payouts",
    operationId: "listPayouts",
    summary: "List automatic payouts",
    description:
      'The automatic payouts to the payout account set in the dashboard (Settings → Payouts), newest first, as transfer objects with `source: "payout"`. ' +
      "Each is a bank transfer with the same fees and events as any other (transfer.success, transfer.failed).",
    tag: "Transfers",
    keys: "secret",
    permission: "transfers",
    query: ListPayoutsQuery,
    response: R.TransferPage,
  },
  {
    method: "GET",
    path: "/v1/checkout/transfer/{reference}",
    operationId: "getTransfer",
    summary: "Get a transfer",
    description: "By Owo's reference or your merchant reference.",
    tag: "Transfers",
    keys: "secret",
    permission: "transfers",
    wallet: true,
    response: R.Transfer,
    errors: { 400: ["TRANSFER_NOT_FOUND"] },
  },
  {
    method: "GET",
    path: "/v1/checkout/transfer/{reference}/verify",
    operationId: "verifyTransfer",
    summary: "Verify a transfer with its bank",
    tag: "Transfers",
    keys: "secret",
    permission: "transfers",
    wallet: true,
    response: R.Transfer,
    errors: { 400: ["TRANSFER_NOT_FOUND"] },
  },
  {
    method: "GET",
    path: "/v1/checkout/transfer/balance",
    operationId: "getBalance",
    summary: "The linked wallet's balance",
    tag: "Transfers",
    keys: "secret",
    permission: "transfers",
    wallet: true,
    response: R.Balance,
  },
  {
    method: "GET",
    path: "/v1/checkout/transfer/banks",
    operationId: "listBanks",
    summary: "Banks a transfer can go to",
    tag: "Transfers",
    keys: "secret",
    response: R.BankList,
  },
  {
    method: "POST",
    path: "/v1/checkout/transfer/banks/resolve",
    operationId: "resolveBankAccount",
    summary: "Name enquiry on an account number",
    tag: "Transfers",
    keys: "secret",
    body: ResolveAccountBody,
    response: R.ResolvedAccount,
    errors: { 400: ["ACCOUNT_NOT_FOUND"], 503: ["RAIL_UNAVAILABLE"] },
  },
  {
    method: "POST",
    path: "/v1/checkout/transfer/resolve-account",
    operationId: "resolveAccount",
    summary: "Name enquiry (alias of /banks/resolve)",
    tag: "Transfers",
    keys: "secret",
    body: ResolveAccountBody,
    response: R.ResolvedAccount,
    errors: { 400: ["ACCOUNT_NOT_FOUND"], 503: ["RAIL_UNAVAILABLE"] },
  },
  {
    method: "POST",
    path: "/v1/checkout/transfer/charges",
    operationId: "getTransferCharges",
    summary: "Quote a bank transfer's fee, VAT and stamp duty",
    tag: "Transfers",
    keys: "secret",
    permission: "transfers",
    wallet: true,
    body: ChargesBody,
    response: R.TransferCharges,
  },
  {
    method: "POST",
    path: "/v1/checkout/transfer/calculate-charges",
    operationId: "calculateTransferCharges",
    summary: "Quote charges (alias of /charges)",
    tag: "Transfers",
    keys: "secret",
    permission: "transfers",
    wallet: true,
    body: ChargesBody,
    response: R.TransferCharges,
  },

  // ---- Wallet (supplement §7)
  {
    method: "GET",
    path: "/v1/checkout/wallet",
    operationId: "getWallet",
    summary: "The linked wallet and its settings",
    tag: "Wallet",
    keys: "secret",
    permission: "transfers",
    wallet: true,
    response: R.Wallet,
  },
  {
    method: "PATCH",
    path: "/v1/checkout/wallet",
    operationId: "updateWallet",
    summary: "Change the wallet's name, members-only or daily limit",
    description: "Only the fields given change. `daily_limit` (kobo, at least 10000, or null for none) caps the Lagos day's transfers out, amount plus fees.",
    tag: "Wallet",
    keys: "secret",
    permission: "transfers",
    wallet: true,
    body: UpdateWalletBody,
    response: R.Wallet,
  },
  {
    method: "GET",
    path: "/v1/checkout/wallet/members",
    operationId: "listWalletMembers",
    summary: "List the wallet's members",
    tag: "Wallet",
    keys: "secret",
    permission: "transfers",
    wallet: true,
    query: ListMembersQuery,
    response: R.MemberPage,
  },
  {
    method: "POST",
    path: "/v1/checkout/wallet/members",
    operationId: "addWalletMember",
    summary: "Add a member (a saved recipient)",
    description: "An existing member is answered unchanged.",
    tag: "Wallet",
    keys: "secret",
    permission: "transfers",
    wallet: true,
    body: AddMemberBody,
    response: R.Member,
    errors: { 400: ["PAY_ID_NOT_FOUND", "VALIDATION_ERROR"] },
  },
  {
    method: "PATCH",
    path: "/v1/checkout/wallet/members/{payId}",
    operationId: "updateWalletMember",
    summary: "Change a member's label or daily limit",
    tag: "Wallet",
    keys: "secret",
    permission: "transfers",
    wallet: true,
    body: UpdateMemberBody,
    response: R.Member,
    errors: { 404: ["NOT_FOUND"] },
  },
  {
    method: "DELETE",
    path: "/v1/checkout/wallet/members/{payId}",
    operationId: "removeWalletMember",
    summary: "Remove a member",
    tag: "Wallet",
    keys: "secret",
    permission: "transfers",
    wallet: true,
    response: R.ActionResult,
    errors: { 404: ["NOT_FOUND"] },
  },

  // ---- Invoices (supplement §6)
  {
    method: "POST",
    path: "/v1/checkout/invoice",
    operationId: "createInvoice",
    summary: "Create an invoice",
    description: "A draft, or sent at once with `send: true`. Amounts in kobo; totals computed by Owo.",
    tag: "Invoices",
    keys: "secret",
    permission: "invoices",
    body: CreateInvoiceBody,
    response: R.Invoice,
    errors: { 409: ["REFERENCE_CONFLICT"] },
  },
  {
    method: "GET",
    path: "/v1/checkout/invoice",
    operationId: "listInvoices",
    summary: "List invoices",
    tag: "Invoices",
    keys: "secret",
    permission: "invoices",
    query: ListInvoicesQuery,
    response: R.InvoicePage,
  },
  {
    method: "GET",
    path: "/v1/checkout/invoice/{publicId}",
    operationId: "getInvoice",
    summary: "Get an invoice",
    tag: "Invoices",
    keys: "secret",
    permission: "invoices",
    response: R.Invoice,
    errors: { 404: ["NOT_FOUND"] },
  },
  {
    method: "PUT",
    path: "/v1/checkout/invoice/{publicId}",
    operationId: "updateInvoice",
    summary: "Update a draft invoice",
    tag: "Invoices",
    keys: "secret",
    permission: "invoices",
    body: UpdateInvoiceBody,
    response: R.Invoice,
    errors: { 400: ["INVALID_STATE"], 404: ["NOT_FOUND"], 409: ["REFERENCE_CONFLICT"] },
  },
  {
    method: "PATCH",
    path: "/v1/checkout/invoice/{publicId}",
    operationId: "patchInvoice",
    summary: "Update a draft invoice (alias of PUT)",
    description: "For the ZevPay SDK's `invoices->update()`: the same as PUT; only the fields given change.",
    tag: "Invoices",
    keys: "secret",
    permission: "invoices",
    body: UpdateInvoiceBody,
    response: R.Invoice,
    errors: { 400: ["INVALID_STATE"], 404: ["NOT_FOUND"], 409: ["REFERENCE_CONFLICT"] },
  },
  ...(["send", "pause", "resume", "cancel"] as const).map((action): Operation => ({
    method: "POST",
    path: `/v1/checkout/invoice/{publicId}/${action}`,
    operationId: `${action}Invoice`,
    summary: {
      send: "Send a draft invoice",
      pause: "Pause an invoice (stop taking payment)",
      resume: "Resume a paused invoice",
      cancel: "Cancel an invoice",
    }[action],
    tag: "Invoices",
    keys: "secret",
    permission: "invoices",
    response: R.Invoice,
    errors: { 400: ["INVALID_STATE"], 404: ["NOT_FOUND"] },
  })),

  // ---- Payment links (issue 26 item 2)
  {
    method: "POST",
    path: "/v1/checkout/payment-links",
    operationId: "createPaymentLink",
    summary: "Create a payment link",
    description:
      "A page at `/l/<slug>` for a fixed `amount`, or (no `amount`) the customer's choice from `min_amount` (default 100) to `max_amount`. Amounts in kobo. Its payments are checkout sessions owned by this key; `charge.success` carries `metadata.payment_link_id`.",
    tag: "Payment links",
    keys: "secret",
    permission: "checkout",
    body: CreatePaymentLinkBody,
    response: R.PaymentLink,
  },
  {
    method: "GET",
    path: "/v1/checkout/payment-links",
    operationId: "listPaymentLinks",
    summary: "List payment links",
    tag: "Payment links",
    keys: "secret",
    permission: "checkout",
    query: ListPaymentLinksQuery,
    response: R.PaymentLinkPage,
  },
  {
    method: "GET",
    path: "/v1/checkout/payment-links/{id}",
    operationId: "getPaymentLink",
    summary: "Get a payment link",
    tag: "Payment links",
    keys: "secret",
    permission: "checkout",
    response: R.PaymentLink,
    errors: { 404: ["NOT_FOUND"] },
  },
  {
    method: "PUT",
    path: "/v1/checkout/payment-links/{id}",
    operationId: "updatePaymentLink",
    summary: "Update a payment link",
    description:
      "Only the fields given change. `amount: null` lets the customer choose; an `amount` fixes the price; `is_active: false` stops it taking payments.",
    tag: "Payment links",
    keys: "secret",
    permission: "checkout",
    body: UpdatePaymentLinkBody,
    response: R.PaymentLink,
    errors: { 404: ["NOT_FOUND"] },
  },
  {
    method: "PATCH",
    path: "/v1/checkout/payment-links/{id}",
    operationId: "patchPaymentLink",
    summary: "Update a payment link (alias of PUT)",
    description: "The same as PUT; only the fields given change.",
    tag: "Payment links",
    keys: "secret",
    permission: "checkout",
    body: UpdatePaymentLinkBody,
    response: R.PaymentLink,
    errors: { 404: ["NOT_FOUND"] },
  },

  // ---- Events
  {
    method: "GET",
    path: "/v1/events",
    operationId: "listEvents",
    summary: "List the key's events, newest first",
    tag: "Events",
    keys: "secret",
    query: EventsQuery,
    response: R.EventPage,
  },
  {
    method: "GET",
    path: "/v1/events/{id}",
    operationId: "getEvent",
    summary: "Get an event",
    tag: "Events",
    keys: "secret",
    response: R.Event,
    errors: { 404: ["NOT_FOUND"] },
  },

  // ---- Sandbox (test keys only)
  {
    method: "POST",
    path: "/v1/sandbox/payments",
    operationId: "createSandboxPayment",
    summary: "Book a simulated inbound payment",
    description: "Exactly one of account_number, pay_id, session_id, invoice_id.",
    tag: "Sandbox",
    keys: "secret",
    sandbox: true,
    body: SandboxPaymentBody,
    response: R.SandboxPaymentResult,
    errors: { 400: ["HTTP_ERROR", "AMOUNT_REJECTED", "DESTINATION_NOT_FOUND", "DESTINATION_CLOSED"] },
  },
  {
    method: "POST",
    path: "/v1/sandbox/expire",
    operationId: "sandboxExpire",
    summary: "Expire a session, dynamic PayID, virtual account or invoice now",
    tag: "Sandbox",
    keys: "secret",
    sandbox: true,
    body: SandboxExpireBody,
    response: R.SandboxExpireResult,
    errors: { 404: ["NOT_FOUND"] },
  },
  {
    method: "POST",
    path: "/v1/sandbox/settlement/run",
    operationId: "runSandboxSettlement",
    summary: "Run settlement now for this key's test static-account payments",
    tag: "Sandbox",
    keys: "secret",
    sandbox: true,
    response: R.SettlementRun,
  },
  {
    method: "POST",
    path: "/v1/sandbox/transfers/{reference}/outcome",
    operationId: "setSandboxTransferOutcome",
    summary: "Decide how a pending sandbox bank transfer ends",
    tag: "Sandbox",
    keys: "secret",
    sandbox: true,
    body: SandboxOutcomeBody,
    response: R.Transfer,
    errors: { 400: ["INVALID_STATE", "TRANSFER_NOT_FOUND"] },
  },
  {
    method: "POST",
    path: "/v1/sandbox/wallet/fund",
    operationId: "fundSandboxWallet",
    summary: "Credit the key's linked test wallet",
    tag: "Sandbox",
    keys: "secret",
    sandbox: true,
    wallet: true,
    body: FundWalletBody,
    response: R.Balance,
  },
  {
    method: "POST",
    path: "/v1/sandbox/refunds/{id}/approve",
    operationId: "approveSandboxRefund",
    summary: "Approve your own test-mode refund",
    description:
      "A test-mode refund is decided by the merchant, so an integrator can finish a refund without an operator (live refunds are reviewed by Owo). The states and events are the live ones: the payer is paid back at the sandbox bank and `charge.refunded` is sent; the answer is the Refund as it stands (`completed`, or `failed` when the sandbox bank refuses the payer's account).",
    tag: "Sandbox",
    keys: "secret",
    sandbox: true,
    response: R.Refund,
    errors: { 400: ["INVALID_STATE"], 404: ["NOT_FOUND"] },
  },
  {
    method: "POST",
    path: "/v1/sandbox/refunds/{id}/reject",
    operationId: "rejectSandboxRefund",
    summary: "Reject your own test-mode refund",
    description: "Declines a requested test-mode refund with `rejection_reason`: the held money goes back to the wallet and no event is sent.",
    tag: "Sandbox",
    keys: "secret",
    sandbox: true,
    body: SandboxRejectRefundBody,
    response: R.Refund,
    errors: { 400: ["INVALID_STATE"], 404: ["NOT_FOUND"] },
  },
];

/**
 * Every failure an operation can answer, by status: the pipeline's (lib/http/route.ts) from
 * its options, then its own.
 */
export function operationErrors(op: Operation): Map<number, Set<ErrorCode>> {
  const out = new Map<number, Set<ErrorCode>>();
  const add = (status: number, ...codes: ErrorCode[]) => {
    const set = out.get(status) ?? new Set<ErrorCode>();
    for (const c of codes) set.add(c);
    out.set(status, set);
  };
  if (op.body || op.query) add(400, "HTTP_ERROR"); // Validation error (details), Malformed JSON body
  add(401, "HTTP_ERROR"); // Invalid API key
  add(403, op.keys === "secret" ? "SECRET_KEY_REQUIRED" : "HTTP_ERROR"); // public keys: origin not allowed
  add(403, "MERCHANT_SUSPENDED"); // the key's merchant is suspended by a platform admin
  if (!op.sandbox) add(403, "ACCOUNT_NOT_ACTIVATED"); // a live key before the merchant's activation is approved (§13)
  if (op.permission) add(403, "PERMISSION_DENIED");
  if (op.sandbox) add(403, "SANDBOX_ONLY");
  if (op.business) add(403, "BUSINESS_ACCOUNT_REQUIRED");
  if (op.wallet) add(403, "WALLET_NOT_LINKED");
  if (op.staticAccounts || op.productGate) add(403, "STATIC_ACCOUNT_NOT_ENABLED", "STATIC_ACCOUNT_SUSPENDED");
  add(413, "HTTP_ERROR"); // a declared Content-Length over the limit, on any request
  add(429, "HTTP_ERROR"); // Too Many Requests, with Retry-After
  add(500, "INTERNAL_ERROR");
  for (const [status, codes] of Object.entries(op.errors ?? {})) add(Number(status), ...(codes ?? []));
  return new Map([...out].sort((a, b) => a[0] - b[0]));
}
