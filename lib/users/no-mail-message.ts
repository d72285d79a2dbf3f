/** What forgot-password says when no SMTP server is configured (SMTP_URL unset). */
export const NO_MAIL_MESSAGE =
  "This Owo server cannot send email, so passwords are reset by its operator: ask them to run `npx owo user reset-password --email you@example.com`.";
