import type { ErrorCode } from "./errors";

/**
 * What each error code means and what to do about it, for /docs/errors. Keyed by the closed
 * list (`ERROR_CODES`), so a new code does not compile until it is explained here;
 * error-guide.test.ts checks every status a code is thrown with in the source, and every one the
 * OpenAPI document lists for it, is among `statuses`, and that `api` says whether /v1 answers it.
 */
export type ErrorGuideEntry = {
  /** Every HTTP status the code comes with. */
  statuses: readonly number[];
  /** Whether /v1 answers it (else only the dashboard and the `owo` command do). */
  api: boolean;
  meaning: string;
  action: string;
};

export const ERROR_GUIDE: Record<ErrorCode, ErrorGuideEntry> = {
  HTTP_ERROR: {
    statuses: [400, 401, 403, 404, 405, 413, 429, 503],
    api: true,
    meaning:
      "A plain HTTP failure; the message says which. 400 `Validation error` (with `details`, one sentence per field) or `Malformed JSON body`, or a session's own refusal (`Session has expired.`); 401 `Invalid API key`; 403 `Origin not allowed for this API key`; 404 `Not found` (no such route) or `Session not found.`; 405 wrong method; 413 body over 1 MB; 429 `Too Many Requests`; 503 the bank could not issue an account for the session.",
    action:
      "Read the message. Fix the fields named in `details`; check the key (test keys start `sk_test_`); add your site to the public key's allowed domains; on 429 wait for `Retry-After` and back off; on 503 try again.",
  },
  INTERNAL_ERROR: {
    statuses: [500],
    api: true,
    meaning: "Something failed on Owo's side. The message is generic; the cause is logged under the answer's `correlationId`.",
    action: "Retry with the same `reference` (the call is idempotent where it takes one). If it persists, send the `correlationId` to the operator.",
  },
  NOT_FOUND: {
    statuses: [404],
    api: true,
    meaning: "No record with this id for this key's business and mode. A record of another business, or of the other mode, answers the same.",
    action: "Check the id and that you use a test key for test records and a live key for live ones.",
  },
  PERMISSION_DENIED: {
    statuses: [403],
    api: true,
    meaning: "The key lacks the permission the operation needs (the message names it).",
    action: "Add the permission to the key in Developers → API keys, or use a key that has it.",
  },
  SECRET_KEY_REQUIRED: {
    statuses: [403],
    api: true,
    meaning: "A public key (`pk_…`) was used on an operation that needs the secret key.",
    action: "Call it from your server with the secret key (`sk_…`). Public keys only open checkouts from the browser.",
  },
  BUSINESS_ACCOUNT_REQUIRED: {
    statuses: [403],
    api: true,
    meaning: "Static PayIDs belong to business accounts; this key is a personal account's.",
    action: "Use a business account's key.",
  },
  WALLET_NOT_LINKED: {
    statuses: [400, 403],
    api: true,
    meaning: "The key has no linked wallet, or the business has no wallet in this mode: nothing can be paid from it.",
    action: "Link the key to the wallet in Developers → API keys (edit the key).",
  },
  PAY_ID_TAKEN: {
    statuses: [409],
    api: true,
    meaning: "Another PayID already has this name.",
    action: "Choose another `pay_id`.",
  },
  INSUFFICIENT_FUNDS: {
    statuses: [400],
    api: true,
    meaning: "The wallet's available balance does not cover the amount plus fees.",
    action: "Check `GET /v1/checkout/transfer/balance` and the charges (`POST /v1/checkout/transfer/charges`); fund the wallet (in test mode, `POST /v1/sandbox/wallet/fund`).",
  },
  ACCOUNT_NOT_FOUND: {
    statuses: [400],
    api: true,
    meaning: "Name enquiry found no account with this number at this bank.",
    action: "Check the account number and bank code with the recipient. (In the sandbox, `0000000000` is never found.)",
  },
  TRANSFER_NOT_FOUND: {
    statuses: [400],
    api: true,
    meaning: "No transfer with this reference for this key.",
    action: "Check the reference you sent when you initiated the transfer.",
  },
  REFERENCE_CONFLICT: {
    statuses: [409],
    api: true,
    meaning: "The `reference` was already used with a different body. A reference makes a call idempotent: the same body answers the first result.",
    action: "Use a new reference for a new transfer or invoice; repeat the exact first body to get the first result back.",
  },
  AMOUNT_REJECTED: {
    statuses: [400],
    api: true,
    meaning: "The destination's amount rule refuses this amount (a session takes exactly its amount; a PayID or virtual account may take a fixed, minimum or maximum amount).",
    action: "Pay the amount the destination asks for.",
  },
  DESTINATION_NOT_FOUND: {
    statuses: [400],
    api: true,
    meaning: "A sandbox payment named a PayID, account, session or invoice that does not exist in this mode.",
    action: "Check the id; test payments reach only test-mode destinations.",
  },
  DESTINATION_CLOSED: {
    statuses: [400],
    api: true,
    meaning: "The destination takes no money now: expired, completed, deactivated or deleted.",
    action: "Create a new session, PayID or virtual account for the payment.",
  },
  SANDBOX_ONLY: {
    statuses: [403],
    api: true,
    meaning: "A sandbox operation (`/v1/sandbox/…`) was called with a live key.",
    action: "Use a test key: the sandbox never moves real money.",
  },
  INVALID_STATE: {
    statuses: [400],
    api: true,
    meaning: "The record's state forbids this action (the message says which state).",
    action: "Read the record first; act only in a state that allows it (e.g. edit an invoice only while it is a draft).",
  },
  VALIDATION_ERROR: {
    statuses: [400],
    api: true,
    meaning: "A field has the right shape but a value Owo refuses (the message says which), e.g. a static account field or the wallet's own PayID as a member.",
    action: "Correct the value named in the message.",
  },
  FORBIDDEN: {
    statuses: [403, 429],
    api: false,
    meaning: "Dashboard only: your role, or a rule such as \"another member must approve\", does not allow the action; 429 when too many two-factor codes were tried.",
    action: "Ask an owner or admin of the business, or wait before trying codes again.",
  },
  UNAUTHENTICATED: {
    statuses: [401],
    api: false,
    meaning: "Dashboard only: your session ended (signed out elsewhere, password changed).",
    action: "Sign in again.",
  },
  CONFLICT: {
    statuses: [409],
    api: false,
    meaning: "Dashboard and `owo` command only: the record already exists or changed meanwhile (an account with this email, a member, a bulk batch already sent).",
    action: "Reload and check what is there before trying again.",
  },
  BANK_UNAVAILABLE: {
    statuses: [400],
    api: true,
    meaning: "The bank named (`provider`) is not one the session or account can use.",
    action: "Choose a `provider` from the `banks` the bank-transfer payment details list.",
  },
  BANK_SWITCH_FAILED: {
    statuses: [503],
    api: true,
    meaning: "The previous account could not be retired when switching bank.",
    action: "Retry the switch.",
  },
  STATIC_ACCOUNT_NOT_ENABLED: {
    statuses: [403],
    api: true,
    meaning: "Static NGN accounts are not enabled for this business.",
    action: "Ask the operator to enable them (`GET /v1/checkout/static-account/status` says whether they are).",
  },
  STATIC_ACCOUNT_SUSPENDED: {
    statuses: [403],
    api: true,
    meaning: "The business's static-account access is suspended; every static-account call is refused.",
    action: "Contact the operator.",
  },
  IDENTITY_MISMATCH: {
    statuses: [400],
    api: true,
    meaning: "The name does not match the BVN or NIN record.",
    action: "Check the spelling of the name as on the identity record, or the number. Repeated mismatches count toward the hourly limit.",
  },
  IDENTITY_CHECK_UNAVAILABLE: {
    statuses: [503],
    api: true,
    meaning: "The identity registry did not answer.",
    action: "Retry later with the same request.",
  },
  STATIC_ACCOUNT_REJECTED: {
    statuses: [400],
    api: true,
    meaning: "The partner bank declined to issue the account.",
    action: "Do not retry the same request; check the customer's details.",
  },
  STATIC_ACCOUNT_UNAVAILABLE: {
    statuses: [503],
    api: true,
    meaning: "The partner bank cannot issue accounts right now.",
    action: "Retry later with the same `reference`.",
  },
  REFERENCE_IN_USE: {
    statuses: [409],
    api: true,
    meaning: "The `reference` belongs to a static account that was deleted.",
    action: "Use a new reference.",
  },
  ACCOUNT_SUSPENDED: {
    statuses: [400],
    api: true,
    meaning: "The static account is suspended by the service and cannot be changed.",
    action: "Contact the operator.",
  },
  ACCOUNT_DELETED: {
    statuses: [400],
    api: true,
    meaning: "The static account is deleted.",
    action: "Create a new account for the customer.",
  },
  STATIC_ACCOUNT_RATE_LIMITED: {
    statuses: [429],
    api: true,
    meaning: "More than 10 create attempts, or more than 5 identity mismatches, by this business and mode in the last hour.",
    action: "Wait (`Retry-After`, one hour) and check customers' details before retrying.",
  },
  REFUND_NOT_ALLOWED: {
    statuses: [400],
    api: true,
    meaning: "The payment cannot be refunded now: not booked yet, or already settled or paid out.",
    action: "Check the payment's state; refund it from the wallet another way if it was settled.",
  },
  ALREADY_REFUNDED: {
    statuses: [400],
    api: true,
    meaning: "The payment is already refunded.",
    action: "Nothing to do; list its refunds to see the existing one.",
  },
  REFUND_EXCEEDS_PAYMENT: {
    statuses: [400],
    api: true,
    meaning: "The payment's refunds would add up to more than the payment.",
    action: "Refund at most what is left (the payment's amount minus its open and completed refunds).",
  },
  PAY_ID_NOT_FOUND: {
    statuses: [400],
    api: true,
    meaning: "No PayID with this name.",
    action: "Check the PayID with its owner (with or without `@`).",
  },
  RECIPIENT_NOT_ALLOWED: {
    statuses: [403],
    api: true,
    meaning: "The wallet pays members only, and the recipient is not a member.",
    action: "Add the PayID as a member (`POST /v1/checkout/wallet/members`) or turn off members-only in the wallet's settings.",
  },
  LIMIT_EXCEEDED: {
    statuses: [400],
    api: true,
    meaning: "The transfer would pass the wallet's or the member's daily limit (per Lagos day).",
    action: "Wait for the next day (Africa/Lagos) or raise the limit in the wallet's settings.",
  },
  MERCHANT_SUSPENDED: {
    statuses: [403],
    api: true,
    meaning: "The platform's operator suspended this business: every call with its keys is refused.",
    action: "Contact the operator.",
  },
  RAIL_UNAVAILABLE: {
    statuses: [503],
    api: true,
    meaning: "Live mode has no payment provider connected for this bank operation.",
    action: "Ask the operator to connect a rail (`OWO_RAILS`); test mode always works.",
  },
  ACCOUNT_NOT_ACTIVATED: {
    statuses: [403],
    api: true,
    meaning: "Live mode opens when the business is activated; this is a live key of a business not yet approved.",
    action: "Complete activation in the dashboard (Activate your business), or keep using test keys until it is approved.",
  },
};
