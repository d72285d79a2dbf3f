import { AppError } from "@/lib/errors";

/** api.md Errors > Static NGN account, one constructor per code. */
export const staticAccountErrors = {
  notEnabled: () => new AppError({ code: "STATIC_ACCOUNT_NOT_ENABLED", status: 403, message: "Static NGN accounts are not enabled for this business." }),
  productSuspended: () => new AppError({ code: "STATIC_ACCOUNT_SUSPENDED", status: 403, message: "Static NGN account access is suspended for this business." }),
  // `details`: the sandbox's hint when a test value caused the answer (lib/rails/sandbox/sandbox-test-values.ts).
  identityMismatch: (details?: string[]) => new AppError({ code: "IDENTITY_MISMATCH", status: 400, message: "customer_name does not match the identity record.", details }),
  identityUnavailable: (details?: string[]) => new AppError({ code: "IDENTITY_CHECK_UNAVAILABLE", status: 503, message: "The identity registry is unreachable. Please retry.", details }),
  rejected: (details?: string[]) => new AppError({ code: "STATIC_ACCOUNT_REJECTED", status: 400, message: "The bank declined to issue the account.", details }),
  unavailable: (details?: string[]) => new AppError({ code: "STATIC_ACCOUNT_UNAVAILABLE", status: 503, message: "Issuing static accounts is temporarily unavailable. Please retry.", details }),
  referenceInUse: () => new AppError({ code: "REFERENCE_IN_USE", status: 409, message: "This reference belongs to a deleted account." }),
  accountSuspended: () => new AppError({ code: "ACCOUNT_SUSPENDED", status: 400, message: "This account is suspended by the service and cannot be changed." }),
  accountDeleted: () => new AppError({ code: "ACCOUNT_DELETED", status: 400, message: "This account has been deleted." }),
  rateLimited: () =>
    new AppError({
      code: "STATIC_ACCOUNT_RATE_LIMITED",
      status: 429,
      message: "Too many create attempts or identity mismatches in the last hour.",
      headers: { "retry-after": "3600" },
    }),
  notFound: () => new AppError({ code: "NOT_FOUND", status: 404, message: "Static account not found." }),
};
