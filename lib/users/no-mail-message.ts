/**
 * What forgot-password says when it cannot email a link (no SMTP_URL, or no APP_URL to link to):
 * the real road, in words for the person locked out: whoever runs the server resets it
 * (`npx owo user reset-password`, README), never the command itself.
 */
export const NO_MAIL_MESSAGE =
  "This Owo server cannot send email, so it cannot send you a reset link. Ask the person who runs it (your Owo administrator) to reset your password: they will give you a new one to sign in with, which you can then change in Settings → Security.";
