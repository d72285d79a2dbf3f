/**
 * Every /v1 operation, in the document's order. Each is declared once, beside its command
 * (`lib/<domain>/operations.ts`, `defineOperation`); its route file hands that same object to
 * route(). lib/openapi/openapi.test.ts checks that each route file exports exactly the
 * operations declared for its path, and that each route enforces its operation's permission.
 */
import type { ErrorCode } from "@/lib/errors";
import { EVENT_OPERATIONS } from "@/lib/events/operations";
import { INVOICE_OPERATIONS } from "@/lib/invoices/operations";
import type { Operation } from "@/lib/operation";
import { PAYID_OPERATIONS } from "@/lib/payids/operations";
import { PAYMENT_LINK_OPERATIONS } from "@/lib/payment-links/operations";
import { createSandboxPaymentOp, sandboxExpireOp } from "@/lib/payments/operations";
import { listPayoutsOp } from "@/lib/payouts/operations";
import {
  approveSandboxRefundOp,
  getPaymentRefundOp,
  getRefundOp,
  listPaymentRefundsOp,
  listRefundsOp,
  rejectSandboxRefundOp,
  requestPaymentRefundOp,
  requestRefundOp,
} from "@/lib/refunds/operations";
import { SESSION_OPERATIONS } from "@/lib/sessions/operations";
import { runSandboxSettlementOp } from "@/lib/settlement/operations";
import { STATIC_ACCOUNT_OPERATIONS } from "@/lib/static-accounts/operations";
import {
  calculateTransferChargesOp,
  getBalanceOp,
  getTransferChargesOp,
  getTransferOp,
  initiateTransferOp,
  listBanksOp,
  listTransfersOp,
  resolveAccountOp,
  resolveBankAccountOp,
  setSandboxTransferOutcomeOp,
  verifyTransferOp,
} from "@/lib/transfers/operations";
import { VIRTUAL_ACCOUNT_OPERATIONS } from "@/lib/virtual-accounts/operations";
import { fundSandboxWalletOp, WALLET_OPERATIONS } from "@/lib/wallets/operations";

export type { HttpMethod, Operation } from "@/lib/operation";
export { TAGS, type Tag } from "@/lib/operation";

export const OPERATIONS: readonly Operation[] = [
  ...SESSION_OPERATIONS,
  ...PAYID_OPERATIONS,
  ...VIRTUAL_ACCOUNT_OPERATIONS,
  ...STATIC_ACCOUNT_OPERATIONS,
  requestRefundOp,
  listRefundsOp,
  getRefundOp,
  // Refunds on every channel
  requestPaymentRefundOp,
  listPaymentRefundsOp,
  getPaymentRefundOp,
  // Transfers
  initiateTransferOp,
  listTransfersOp,
  listPayoutsOp,
  getTransferOp,
  verifyTransferOp,
  getBalanceOp,
  listBanksOp,
  resolveBankAccountOp,
  resolveAccountOp,
  getTransferChargesOp,
  calculateTransferChargesOp,
  ...WALLET_OPERATIONS,
  ...INVOICE_OPERATIONS,
  ...PAYMENT_LINK_OPERATIONS,
  ...EVENT_OPERATIONS,
  // Sandbox (test keys only)
  createSandboxPaymentOp,
  sandboxExpireOp,
  runSandboxSettlementOp,
  setSandboxTransferOutcomeOp,
  fundSandboxWalletOp,
  approveSandboxRefundOp,
  rejectSandboxRefundOp,
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
