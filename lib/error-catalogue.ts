/**
 * The error catalogue: every code the product answers with (api.md + supplement §2), declared
 * once. `status` is the code's HTTP status; `statuses`, where a code legitimately comes with
 * more than one (HTTP_ERROR, WALLET_NOT_LINKED, FORBIDDEN), lists every allowed one, the
 * default among them; `message` is the default message where one message serves
 * every use (the caller may pass its own); `api` says whether /v1 answers the code (else only
 * the dashboard and the `owo` command do); `meaning` and `action` are what /docs/errors shows.
 *
 * Errors are built with `appError(code, …)` (lib/errors.ts), whose types accept only a status
 * listed here; `ERROR_CODES` and /docs/errors (lib/error-guide.ts) read this object, and its
 * key order is the order of the OpenAPI `ErrorCode` enum.
 */
export type ErrorCatalogueEntry = {
  /** The HTTP status `appError` uses when the caller names none. */
  status: number;
  /** Every status the code may come with, when more than `status`. */
  statuses?: readonly number[];
  /** The default message, where one fits every use. */
  message?: string;
  /** Whether /v1 answers it (else only the dashboard and the `owo` command do). */
  api: boolean;
  meaning: string;
  action: string;
};

export const ERROR_CATALOGUE = {
  HTTP_ERROR: {
    status: 400,
    statuses: [400, 401, 403, 404, 405, 413, 429, 503],
    api: true,
    meaning:
      "A plain HTTP failure; the message says which. 400 `Validation error` (with `details`, one sentence per field) or `Malformed JSON body`, or a session's own refusal (`Session has expired.`); 401 `Invalid API key`; 403 `Origin not allowed for this API key`; 404 `Not found` (no such route) or `Session not found.`; 405 wrong method; 413 body over 1 MB; 429 `Too Many Requests`; 503 the bank could not issue an account for the session.",
    action:
      "Read the message. Fix the fields named in `details`; check the key (test keys start `sk_test_`); add your site to the public key's allowed domains; on 429 wait for `Retry-After` and back off; on 503 try again.",
  },
  INTERNAL_ERROR: {
    status: 500,
    message: "An unexpected error occurred. Please try again later.",
    api: true,
    meaning: "Something failed on Owo's side. The message is generic; the cause is logged under the answer's `correlationId`.",
    action: "Retry with the same `reference` (the call is idempotent where it takes one). If it persists, send the `correlationId` to the operator.",
  },
  NOT_FOUND: {
    status: 404,
    message: "Not found",
    api: true,
    meaning: "No record with this id for this key's business and mode. A record of another business, or of the other mode, answers the same.",
    action: "Check the id and that you use a test key for test records and a live key for live ones.",
  },
  PERMISSION_DENIED: {
    status: 403,
    api: true,
    meaning: "The key lacks the permission the operation needs (the message names it).",
    action: "Add the permission to the key in Developers → API keys, or use a key that has it.",
  },
  SECRET_KEY_REQUIRED: {
    status: 403,
    message: "This endpoint requires a secret key.",
    api: true,
    meaning: "A public key (`pk_…`) was used on an operation that needs the secret key.",
    action: "Call it from your server with the secret key (`sk_…`). Public keys only open checkouts from the browser.",
  },
  BUSINESS_ACCOUNT_REQUIRED: {
    status: 403,
    message: "Static PayIDs are available to business accounts only.",
    api: true,
    meaning: "Static PayIDs belong to business accounts; this key is a personal account's.",
    action: "Use a business account's key.",
  },
  WALLET_NOT_LINKED: {
    status: 403,
    statuses: [400, 403],
    message: "No wallet is linked to this API key.",
    api: true,
    meaning: "The key has no linked wallet, or the business has no wallet in this mode: nothing can be paid from it.",
    action: "Link the key to the wallet in Developers → API keys (edit the key).",
  },
  PAY_ID_TAKEN: {
    status: 409,
    api: true,
    meaning: "Another PayID already has this name.",
    action: "Choose another `pay_id`.",
  },
  INSUFFICIENT_FUNDS: {
    status: 400,
    message: "Insufficient funds in the wallet.",
    api: true,
    meaning: "The wallet's available balance does not cover the amount plus fees.",
    action:
      "Check `GET /v1/checkout/transfer/balance` and the charges (`POST /v1/checkout/transfer/charges`); fund the wallet (in test mode, `POST /v1/sandbox/wallet/fund`).",
  },
  ACCOUNT_NOT_FOUND: {
    status: 400,
    message: "Account not found.",
    api: true,
    meaning: "Name enquiry found no account with this number at this bank.",
    action: "Check the account number and bank code with the recipient. (In the sandbox, `0000000000` is never found.)",
  },
  TRANSFER_NOT_FOUND: {
    status: 400,
    message: "Transfer not found.",
    api: true,
    meaning: "No transfer with this reference for this key.",
    action: "Check the reference you sent when you initiated the transfer.",
  },
  REFERENCE_CONFLICT: {
    status: 409,
    api: true,
    meaning: "The `reference` was already used with a different body. A reference makes a call idempotent: the same body answers the first result.",
    action: "Use a new reference for a new transfer or invoice; repeat the exact first body to get the first result back.",
  },
  AMOUNT_REJECTED: {
    status: 400,
    api: true,
    meaning:
      "The destination's amount rule refuses this amount (a session takes exactly its amount; a PayID or virtual account may take a fixed, minimum or maximum amount).",
    action: "Pay the amount the destination asks for.",
  },
  DESTINATION_NOT_FOUND: {
    status: 400,
    api: true,
    meaning: "A sandbox payment named a PayID, account, session or invoice that does not exist in this mode.",
    action: "Check the id; test payments reach only test-mode destinations.",
  },
  DESTINATION_CLOSED: {
    status: 400,
    api: true,
    meaning: "The destination takes no money now: expired, completed, deactivated or deleted.",
    action: "Create a new session, PayID or virtual account for the payment.",
  },
  SANDBOX_ONLY: {
    status: 403,
    message: "Sandbox endpoints accept test keys only.",
    api: true,
    meaning: "A sandbox operation (`/v1/sandbox/…`) was called with a live key.",
    action: "Use a test key: the sandbox never moves real money.",
  },
  INVALID_STATE: {
    status: 400,
    api: true,
    meaning: "The record's state forbids this action (the message says which state).",
    action: "Read the record first; act only in a state that allows it (e.g. edit an invoice only while it is a draft).",
  },
  VALIDATION_ERROR: {
    status: 400,
    api: true,
    meaning: "A field has the right shape but a value Owo refuses (the message says which), e.g. a static account field or the wallet's own PayID as a member.",
    action: "Correct the value named in the message.",
  },
  FORBIDDEN: {
    status: 403,
    statuses: [403, 429],
    message: "Your role does not allow this action.",
    api: false,
    meaning:
      'Dashboard only: your role, or a rule such as "another member must approve", does not allow the action; 429 when too many two-factor codes were tried.',
    action: "Ask an owner or admin of the business, or wait before trying codes again.",
  },
  UNAUTHENTICATED: {
    status: 401,
    message: "Please sign in again.",
    api: false,
    meaning: "Dashboard only: your session ended (signed out elsewhere, password changed).",
    action: "Sign in again.",
  },
  CONFLICT: {
    status: 409,
    api: false,
    meaning:
      "Dashboard and `owo` command only: the record already exists or changed meanwhile (an account with this email, a member, a bulk batch already sent).",
    action: "Reload and check what is there before trying again.",
  },
  BANK_UNAVAILABLE: {
    status: 400,
    api: true,
    meaning: "The bank named (`provider`) is not one the session or account can use.",
    action: "Choose a `provider` from the `banks` the bank-transfer payment details list.",
  },
  BANK_SWITCH_FAILED: {
    status: 503,
    message: "The previous account could not be retired. Please retry.",
    api: true,
    meaning: "The previous account could not be retired when switching bank.",
    action: "Retry the switch.",
  },
  // Static NGN accounts and their refunds (api.md Errors > Static NGN account).
  STATIC_ACCOUNT_NOT_ENABLED: {
    status: 403,
    message: "Static NGN accounts are not enabled for this business.",
    api: true,
    meaning: "Static NGN accounts are not enabled for this business.",
    action: "Ask the operator to enable them (`GET /v1/checkout/static-account/status` says whether they are).",
  },
  STATIC_ACCOUNT_SUSPENDED: {
    status: 403,
    message: "Static NGN account access is suspended for this business.",
    api: true,
    meaning: "The business's static-account access is suspended; every static-account call is refused.",
    action: "Contact the operator.",
  },
  IDENTITY_MISMATCH: {
    status: 400,
    message: "customer_name does not match the identity record.",
    api: true,
    meaning: "The name does not match the BVN or NIN record.",
    action: "Check the spelling of the name as on the identity record, or the number. Repeated mismatches count toward the hourly limit.",
  },
  IDENTITY_CHECK_UNAVAILABLE: {
    status: 503,
    message: "The identity registry is unreachable. Please retry.",
    api: true,
    meaning: "The identity registry did not answer.",
    action: "Retry later with the same request.",
  },
  STATIC_ACCOUNT_REJECTED: {
    status: 400,
    message: "The bank declined to issue the account.",
    api: true,
    meaning: "The partner bank declined to issue the account.",
    action: "Do not retry the same request; check the customer's details.",
  },
  STATIC_ACCOUNT_UNAVAILABLE: {
    status: 503,
    message: "Issuing static accounts is temporarily unavailable. Please retry.",
    api: true,
    meaning: "The partner bank cannot issue accounts right now.",
    action: "Retry later with the same `reference`.",
  },
  REFERENCE_IN_USE: {
    status: 409,
    message: "This reference belongs to a deleted account.",
    api: true,
    meaning: "The `reference` belongs to a static account that was deleted.",
    action: "Use a new reference.",
  },
  ACCOUNT_SUSPENDED: {
    status: 400,
    message: "This account is suspended by the service and cannot be changed.",
    api: true,
    meaning: "The static account is suspended by the service and cannot be changed.",
    action: "Contact the operator.",
  },
  ACCOUNT_DELETED: {
    status: 400,
    message: "This account has been deleted.",
    api: true,
    meaning: "The static account is deleted.",
    action: "Create a new account for the customer.",
  },
  STATIC_ACCOUNT_RATE_LIMITED: {
    status: 429,
    message: "Too many create attempts or identity mismatches in the last hour.",
    api: true,
    meaning: "More than 10 create attempts, or more than 5 identity mismatches, by this business and mode in the last hour.",
    action: "Wait (`Retry-After`, one hour) and check customers' details before retrying.",
  },
  REFUND_NOT_ALLOWED: {
    status: 400,
    api: true,
    meaning: "The payment cannot be refunded now: not booked yet, or already settled or paid out.",
    action: "Check the payment's state; refund it from the wallet another way if it was settled.",
  },
  ALREADY_REFUNDED: {
    status: 400,
    message: "This payment has already been refunded.",
    api: true,
    meaning: "The payment is already refunded.",
    action: "Nothing to do; list its refunds to see the existing one.",
  },
  // Partial refunds: the refunds of a payment would sum past its amount (supplement §10).
  REFUND_EXCEEDS_PAYMENT: {
    status: 400,
    api: true,
    meaning: "The payment's refunds would add up to more than the payment.",
    action: "Refund at most what is left (the payment's amount minus its open and completed refunds).",
  },
  // Wallet settings and members (supplement §7).
  PAY_ID_NOT_FOUND: {
    status: 400,
    message: "No wallet has this PayID.",
    api: true,
    meaning: "No PayID with this name.",
    action: "Check the PayID with its owner (with or without `@`).",
  },
  RECIPIENT_NOT_ALLOWED: {
    status: 403,
    message: "This wallet pays its members only: add the recipient as a member first.",
    api: true,
    meaning: "The wallet pays members only, and the recipient is not a member.",
    action: "Add the PayID as a member (`POST /v1/checkout/wallet/members`) or turn off members-only in the wallet's settings.",
  },
  LIMIT_EXCEEDED: {
    status: 400,
    api: true,
    meaning: "The transfer would pass the wallet's or the member's daily limit (per Lagos day).",
    action: "Wait for the next day (Africa/Lagos) or raise the limit in the wallet's settings.",
  },
  // A merchant suspended by a platform admin: every /v1 request with its keys (issue 18).
  MERCHANT_SUSPENDED: {
    status: 403,
    message: "This account is suspended by the service. Contact support.",
    api: true,
    meaning: "The platform's operator suspended this business: every call with its keys is refused.",
    action: "Contact the operator.",
  },
  // Live mode with no payment rail for a bank operation (supplement §11).
  RAIL_UNAVAILABLE: {
    status: 503,
    message: "No payment rail is configured for live mode.",
    api: true,
    meaning: "Live mode has no payment provider connected for this bank operation.",
    action: "Ask the operator to connect a rail (`OWO_RAILS`); test mode always works.",
  },
  // Live mode before an admin approved the merchant's activation (supplement §13).
  ACCOUNT_NOT_ACTIVATED: {
    status: 403,
    message: "Live mode opens when your business is activated. Complete activation in the dashboard (Activate your business).",
    api: true,
    meaning: "Live mode opens when the business is activated; this is a live key of a business not yet approved.",
    action: "Complete activation in the dashboard (Activate your business), or keep using test keys until it is approved.",
  },
} as const satisfies Record<string, ErrorCatalogueEntry>;
