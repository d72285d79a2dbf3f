import type { NotificationKind } from "@/db/schema";
import { brandSignature, type MerchantBrand } from "@/lib/merchants/merchant-brand";
import { formatNaira } from "@/lib/money";

/** One mail to queue: what it announces (`dedupeKey`), to whom, and its words. */
export type QueuedMail = { merchantId: string; kind: NotificationKind; dedupeKey: string; recipient: string; subject: string; body: string };

const when = (at: Date) => new Intl.DateTimeFormat("en-NG", { dateStyle: "medium", timeStyle: "short", timeZone: "Africa/Lagos" }).format(at);
const testTag = (mode: string) => (mode === "test" ? "[Test] " : "");
const testLine = (mode: string) => (mode === "test" ? "\n\nThis happened in test mode: no real money moved." : "");

/** The words of each mail; one place, so a merchant reads the same phrasing everywhere. */
export const mails = {
  paymentReceived(p: {
    brand: MerchantBrand;
    mode: string;
    amount: number;
    reference: string;
    channel: string;
    payerName: string | null;
    paidAt: Date;
    dashboardUrl: string;
  }) {
    return {
      subject: `${testTag(p.mode)}${p.brand.name} received ${formatNaira(p.amount)}`,
      body: `${p.brand.name} received a payment of ${formatNaira(p.amount)}${p.payerName ? ` from ${p.payerName}` : ""} on ${when(p.paidAt)}.\n\nReference: ${p.reference}\nSee it in your dashboard: ${p.dashboardUrl}${testLine(p.mode)}\n\nYou get this email because payment emails are on in Settings → Notifications.`,
    };
  },
  payoutFailed(p: { brand: MerchantBrand; mode: string; amount: number; reference: string; reason: string | null; dashboardUrl: string }) {
    return {
      subject: `${testTag(p.mode)}A payout of ${formatNaira(p.amount)} failed`,
      body: `A settlement payout of ${formatNaira(p.amount)} to ${p.brand.name}'s settlement destination failed${p.reason ? `: ${p.reason}` : "."}\nOwo tries it again at the next settlement run; check the destination in Settings → Settlement destination.\n\nReference: ${p.reference}\n${p.dashboardUrl}${testLine(p.mode)}`,
    };
  },
  refundDecided(p: { brand: MerchantBrand; mode: string; amount: number; refundId: string; approved: boolean; reason: string | null; dashboardUrl: string }) {
    return {
      subject: `${testTag(p.mode)}Refund of ${formatNaira(p.amount)} ${p.approved ? "approved" : "rejected"}`,
      body: `The refund of ${formatNaira(p.amount)} that ${p.brand.name} requested was ${p.approved ? "approved: the money goes back to the payer" : `rejected${p.reason ? `: ${p.reason}` : "."}`}.\n\nRefund: ${p.refundId}\n${p.dashboardUrl}${testLine(p.mode)}`,
    };
  },
  webhookFailing(p: { brand: MerchantBrand; mode: string; url: string | null; eventType: string; dashboardUrl: string }) {
    return {
      subject: `${testTag(p.mode)}Your webhook endpoint is not answering`,
      body: `Owo gave up delivering a ${p.eventType} event to ${p.brand.name}'s webhook endpoint${p.url ? ` (${p.url})` : ""} after every retry.\nCheck that the endpoint answers with a 2xx status, then resend the event from the webhook log: ${p.dashboardUrl}${testLine(p.mode)}`,
    };
  },
  receipt(p: { brand: MerchantBrand; mode: string; amount: number; reference: string; paidAt: Date; payerName: string | null }) {
    return {
      subject: `${testTag(p.mode)}Your receipt from ${p.brand.name}`,
      body: `${p.payerName ? `Hello ${p.payerName},\n\n` : ""}${p.brand.name} received your payment of ${formatNaira(p.amount)} on ${when(p.paidAt)}.\n\nReference: ${p.reference}\nKeep this email as your receipt.${testLine(p.mode)}\n\n${brandSignature(p.brand)}`,
    };
  },
  invoice(p: { brand: MerchantBrand; mode: string; invoiceNumber: string; customerName: string; total: number; dueDate: string; paymentUrl: string }) {
    return {
      subject: `${testTag(p.mode)}Invoice ${p.invoiceNumber} from ${p.brand.name}`,
      body: `Hello ${p.customerName},\n\n${p.brand.name} sent you invoice ${p.invoiceNumber} for ${formatNaira(p.total)}, due ${p.dueDate}.\n\nView and pay it here: ${p.paymentUrl}${testLine(p.mode)}\n\n${brandSignature(p.brand)}`,
    };
  },
};
