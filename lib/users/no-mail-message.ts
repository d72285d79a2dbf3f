/** The command an operator runs to reset someone's password (lib/cli: owo user reset-password). */
export const OPERATOR_RESET_COMMAND = "npx owo user reset-password --email you@example.com";

/** What forgot-password says when it cannot email a link (no SMTP_URL, or no APP_URL to link to). */
export const NO_MAIL_MESSAGE = `This Owo server cannot send email, so passwords are reset by its operator: ask them to run ${OPERATOR_RESET_COMMAND}.`;
