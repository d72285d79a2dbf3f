import nodemailer from "nodemailer";
import { logError } from "@/lib/log";

export type MailResult = "sent" | "not_configured" | "failed";

/** Invitations are mailed only when the operator configured an SMTP server. */
export function smtpConfigured(): boolean {
  return Boolean(process.env.SMTP_URL?.trim());
}

/**
 * Sends the invitation link by SMTP (`SMTP_URL`, e.g. smtps://user:pass@mail.example.com:465;
 * sender `SMTP_FROM`, default "Owo <no-reply@localhost>"). A mail failure does not undo the
 * invitation: the owner still has the link to pass on.
 */
export async function sendInvitationMail(input: { to: string; businessName: string; role: string; link: string; expiresAt: Date }): Promise<MailResult> {
  const url = process.env.SMTP_URL?.trim();
  if (!url) return "not_configured";
  try {
    const transport = nodemailer.createTransport(url);
    const subject = `You're invited to join ${input.businessName} on Owo`;
    const text = [
      `You have been invited to join ${input.businessName} on Owo as ${input.role}.`,
      "",
      `Accept the invitation: ${input.link}`,
      "",
      `The link works once and expires on ${input.expiresAt.toUTCString()}.`,
      "If you did not expect this invitation, ignore this email.",
    ].join("\n");
    await transport.sendMail({ from: process.env.SMTP_FROM?.trim() || "Owo <no-reply@localhost>", to: input.to, subject, text });
    return "sent";
  } catch (error) {
    // The error may echo the SMTP URL's credentials: log only its message class, never the URL.
    logError("invitation mail failed", { error: error instanceof Error ? error.name : "unknown" });
    return "failed";
  }
}
