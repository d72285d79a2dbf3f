/** What forgot-password answers, whether or not an account exists (client-safe: no server imports). */
export const RESET_REQUESTED_MESSAGE = "If an account exists for that address, we've emailed a link to reset its password. It works once, for 30 minutes.";
export const INVALID_RESET_LINK = "This password reset link is not valid: it has expired or been used. Ask for a new one.";
