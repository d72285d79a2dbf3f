import { appError } from "@/lib/errors";

/** api.md Errors > Static NGN account, one constructor per code. */
export const staticAccountErrors = {
  notEnabled: () => appError("STATIC_ACCOUNT_NOT_ENABLED"),
  productSuspended: () => appError("STATIC_ACCOUNT_SUSPENDED"),
  // `details`: the sandbox's hint when a test value caused the answer (lib/rails/sandbox/sandbox-test-values.ts).
  identityMismatch: (details?: string[]) => appError("IDENTITY_MISMATCH", { details }),
  identityUnavailable: (details?: string[]) => appError("IDENTITY_CHECK_UNAVAILABLE", { details }),
  rejected: (details?: string[]) => appError("STATIC_ACCOUNT_REJECTED", { details }),
  unavailable: (details?: string[]) => appError("STATIC_ACCOUNT_UNAVAILABLE", { details }),
  referenceInUse: () => appError("REFERENCE_IN_USE"),
  accountSuspended: () => appError("ACCOUNT_SUSPENDED"),
  accountDeleted: () => appError("ACCOUNT_DELETED"),
  rateLimited: () => appError("STATIC_ACCOUNT_RATE_LIMITED", { headers: { "retry-after": "3600" } }),
  notFound: () => appError("NOT_FOUND", { message: "Static account not found." }),
};
