import nodemailer from "nodemailer";
import { logError } from "@/lib/log";

export type MailResult = "sent" | "not_configured" | "failed";

/** Mail goes out only when the operator configured an SMTP server (`SMTP_URL`). */
export function smtpConfigured(): boolean {
  return Boolean(process.env.SMTP_URL?.trim());
}

/**
 * Sends one plain-text mail by SMTP (`SMTP_URL`, e.g. smtps://user:pass@mail.example.com:465;
 * sender `SMTP_FROM`, default "Owo <no-reply@localhost>"). Never throws: a failure is logged
 * (without the URL, which may hold credentials) and answered as "failed".
 */
export async function sendMail(input: { to: string; subject: string; text: string; purpose: string }): Promise<MailResult> {
  const url = process.env.SMTP_URL?.trim();
  if (!url) return "not_configured";
  try {
    const transport = nodemailer.createTransport(url);
    await transport.sendMail({ from: process.env.SMTP_FROM?.trim() || "Owo <no-reply@localhost>", to: input.to, subject: input.subject, text: input.text });
    return "sent";
  } catch (error) {
    // The error may echo the SMTP URL's credentials: log only its class, never the URL.
    logError(`${input.purpose} mail failed`, { error: error instanceof Error ? error.name : "unknown" });
    return "failed";
  }
}
