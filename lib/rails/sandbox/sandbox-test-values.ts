import type { ErrorCode } from "@/lib/errors";
import { SANDBOX_UNKNOWN_ACCOUNT } from "./sandbox-bank";
import { SANDBOX_IDENTITY } from "./sandbox-identity";
import { SANDBOX_REFUND_FAILS_ACCOUNT } from "./sandbox-refunds";
import { SANDBOX_ISSUE_FAIL } from "./sandbox-virtual-accounts";

/**
 * Every input the sandbox answers in a set way, from the constants the sandbox bank itself
 * reads: /docs/sandbox renders this list, sandbox-test-values.test.ts drives each entry through
 * the sandbox and checks it does what the entry says, and `sandboxHint` adds the entry's words to
 * the error it causes, so a tester knows the answer came from a test value.
 */
export type SandboxTestValue = {
  id: string;
  /** The field, as the API names it. */
  field: string;
  match: "ends with" | "is";
  value: string;
  /** Where it is read. */
  where: string;
  /** What the sandbox does with it. */
  effect: string;
  /** The error it answers, if it answers one. */
  error: { code: ErrorCode; status: number } | null;
};

const STATIC_ACCOUNT = "Creating a static NGN account (POST /v1/checkout/static-account, or Static accounts in the dashboard)";

export const SANDBOX_TEST_VALUES: readonly SandboxTestValue[] = [
  {
    id: "identity-mismatch",
    field: "identity_number",
    match: "ends with",
    value: SANDBOX_IDENTITY.mismatch,
    where: `${STATIC_ACCOUNT}; the owner's BVN or NIN in activation when the sandbox is the live rail (a trial)`,
    effect: "The identity registry says the name does not match the number. Counts toward the limit of 5 mismatches an hour.",
    error: { code: "IDENTITY_MISMATCH", status: 400 },
  },
  {
    id: "identity-unavailable",
    field: "identity_number",
    match: "ends with",
    value: SANDBOX_IDENTITY.unavailable,
    where: `${STATIC_ACCOUNT}; activation, where it is recorded as not checked`,
    effect: "The identity registry does not answer. Retrying with the same number answers the same.",
    error: { code: "IDENTITY_CHECK_UNAVAILABLE", status: 503 },
  },
  {
    id: "issue-rejected",
    field: "identity_number",
    match: "ends with",
    value: SANDBOX_IDENTITY.rejected,
    where: STATIC_ACCOUNT,
    effect: "The identity matches, then the partner bank declines to issue the account. Nothing is stored.",
    error: { code: "STATIC_ACCOUNT_REJECTED", status: 400 },
  },
  {
    id: "issue-unavailable",
    field: "identity_number",
    match: "ends with",
    value: SANDBOX_IDENTITY.issueUnavailable,
    where: STATIC_ACCOUNT,
    effect: "The identity matches, then the partner bank cannot issue accounts for now. Nothing is stored.",
    error: { code: "STATIC_ACCOUNT_UNAVAILABLE", status: 503 },
  },
  {
    id: "name-enquiry-unknown",
    field: "account_number",
    match: "is",
    value: SANDBOX_UNKNOWN_ACCOUNT,
    where: "Name enquiry (POST /v1/checkout/transfer/banks/resolve), a bank transfer, a bulk transfer row, the payout account",
    effect: "The bank finds no such account. Any other 10-digit number resolves to a stable, made-up name.",
    error: { code: "ACCOUNT_NOT_FOUND", status: 400 },
  },
  {
    id: "refund-fails",
    field: "payer.account",
    match: "is",
    value: SANDBOX_REFUND_FAILS_ACCOUNT,
    where: "A sandbox payment by bank transfer (POST /v1/sandbox/payments to an account number), then a refund of it",
    effect: "The refund is sent back to the payer's account, which does not exist: the refund fails (refund.failed) and its money returns to your wallet.",
    error: null,
  },
  {
    id: "virtual-account-issue-fails",
    field: `metadata.${SANDBOX_ISSUE_FAIL.key}`,
    match: "is",
    value: SANDBOX_ISSUE_FAIL.value,
    where: "Creating a virtual account; a checkout session paid by bank transfer",
    effect:
      "The partner bank cannot create the account: the virtual account is stored cancelled with no number; a session's bank transfer answers 503 and can be retried.",
    error: null,
  },
];

export function sandboxTestValue(id: string): SandboxTestValue {
  const found = SANDBOX_TEST_VALUES.find((v) => v.id === id);
  if (!found) throw new Error(`No sandbox test value ${id}`);
  return found;
}

/** The sentence added to an answer caused by a test value (the error's `details`; its code and message stay as they are). */
export function sandboxHint(id: string): string {
  const v = sandboxTestValue(id);
  return `Sandbox test value: ${v.field} ${v.match === "is" ? "" : "ending "}${v.value} makes the sandbox answer this (see /docs/sandbox).`;
}

/** The hint for an answer `code` the sandbox gave an identity number, when a test value of that number causes exactly it. */
export function identityNumberHint(identityNumber: string, code: ErrorCode): string[] | undefined {
  const last4 = identityNumber.slice(-4);
  const v = SANDBOX_TEST_VALUES.find((t) => t.field === "identity_number" && t.value === last4 && t.error?.code === code);
  return v ? [sandboxHint(v.id)] : undefined;
}
