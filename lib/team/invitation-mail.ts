import { sendMail, type MailResult } from "@/lib/mail/mailer";

export { smtpConfigured, type MailResult } from "@/lib/mail/mailer";

/**
 * Mails the invitation link (when SMTP is configured: lib/mail/mailer.ts). A mail failure does
 * not undo the invitation: the owner still has the link to pass on.
 */
export function sendInvitationMail(input: { to: string; businessName: string; role: string; link: string; expiresAt: Date }): Promise<MailResult> {
  const text = [
    `You have been invited to join ${input.businessName} on Owo as ${input.role}.`,
    "",
    `Accept the invitation: ${input.link}`,
    "",
    `The link works once and expires on ${input.expiresAt.toUTCString()}.`,
    "If you did not expect this invitation, ignore this email.",
  ].join("\n");
  return sendMail({ to: input.to, subject: `You're invited to join ${input.businessName} on Owo`, text, purpose: "invitation" });
}
