import { smtpConfigured } from "@/lib/mail/mailer";

/**
 * What the dashboard says once an invoice is sent: with SMTP configured the notification
 * outbox emails the customer the link (queue-notifications.ts), so "emailing"; without it
 * nothing is emailed and the merchant must share the link themselves.
 */
export function invoiceSentMessage(invoiceNumber: string, customerEmail: string): string {
  return smtpConfigured()
    ? `${invoiceNumber} sent: we are emailing the payment link to ${customerEmail}`
    : `${invoiceNumber} is ready: share this link with ${customerEmail} (this server sends no email)`;
}
