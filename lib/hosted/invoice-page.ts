import type { Db } from "@/db/client";
import type { Invoice, InvoiceLineItem, InvoiceStatus, Payment } from "@/db/schema";
import { notFound } from "@/lib/errors";
import { applyInvoiceDueOnRead } from "@/lib/invoices/apply-invoice-due";
import { findInvoiceByPublicId } from "@/lib/invoices/find-invoice-by-public-id";
import { listInvoicePayments } from "@/lib/invoices/invoice-activity";
import { bpToTaxRate } from "@/lib/invoices/invoice-totals";
import { invoiceClosedReason, MIN_PARTIAL_PAYMENT } from "@/lib/invoices/invoice-payment";
import { amountRemaining, isPausedOpen } from "@/lib/invoices/invoice-view";
import { getMerchantBrand, type MerchantBrand } from "@/lib/merchants/merchant-brand";

/** What the badge on the hosted invoice page says: the status, or `paused` while it is paused. */
export type InvoicePageState = InvoiceStatus | "paused";

export type InvoicePagePayment = { reference: string; amount: number; channel: string; paidAt: string; payerName: string | null };

/** What the hosted invoice page (app/i/[publicId], an invoice's payment_url) shows a customer: plain data only. */
export type InvoicePageView = {
  publicId: string;
  invoiceNumber: string;
  merchantName: string;
  /** The business's profile: logo, colour and support contacts (Settings → Business profile). */
  brand: MerchantBrand | null;
  testMode: boolean;
  status: InvoiceStatus;
  paused: boolean;
  state: InvoicePageState;
  /** Takes payment now (sent, partial or overdue, and not paused). */
  payable: boolean;
  customerName: string;
  customerEmail: string;
  lineItems: InvoiceLineItem[];
  /** Kobo throughout. */
  subtotal: number;
  /** Percent (7.5), for reading only; the amount is taxAmount. */
  taxRate: number;
  taxAmount: number;
  total: number;
  amountPaid: number;
  amountRemaining: number;
  /** 'YYYY-MM-DD' */
  dueDate: string;
  issuedAt: string | null;
  paidAt: string | null;
  note: string | null;
  allowPartialPayments: boolean;
  /** The least the page lets a customer pay: ₦1, or everything left when that is less. */
  minAmount: number;
  /** Oldest first. */
  payments: InvoicePagePayment[];
  /** The server's clock, for countdowns' first paint. */
  serverNow: number;
};

/** A public id as the page's link carries it (`inv_…`); anything else is simply not found. */
const PUBLIC_ID = /^inv_[A-Za-z0-9]{1,60}$/;

function stateOf(i: Pick<Invoice, "status" | "paused">): InvoicePageState {
  // A paused invoice keeps its status; the customer sees that it is paused (a paid or cancelled one is just that).
  return isPausedOpen(i) ? "paused" : i.status;
}

/**
 * The invoice behind a payment_url, by its public id alone (the id is the customer's
 * capability, any merchant and mode), with its due date applied first as every read does.
 * Null when there is no such invoice.
 */
export async function findInvoiceForPage(db: Db, publicId: string): Promise<Invoice | null> {
  if (!PUBLIC_ID.test(publicId)) return null;
  const found = await findInvoiceByPublicId(db, publicId);
  return found && applyInvoiceDueOnRead(db, found, "customer");
}

/** As findInvoiceForPage, for the page's actions: 404 "Invoice not found." when there is none. */
export async function requireInvoiceForPage(db: Db, publicId: string): Promise<Invoice> {
  const invoice = await findInvoiceForPage(db, publicId);
  if (!invoice) throw notFound("Invoice not found.");
  return invoice;
}

/** Everything the page shows; null for an unknown public id. */
export async function getInvoicePage(db: Db, publicId: string): Promise<InvoicePageView | null> {
  const invoice = await findInvoiceForPage(db, publicId);
  return invoice && invoicePageView(db, invoice);
}

export async function invoicePageView(db: Db, invoice: Invoice): Promise<InvoicePageView> {
  const [brand, payments] = await Promise.all([
    getMerchantBrand(db, invoice.merchantId),
    invoice.amountPaid > 0
      ? listInvoicePayments(db, { merchantId: invoice.merchantId, mode: invoice.mode, invoiceId: invoice.id })
      : Promise.resolve([] as Payment[]),
  ]);
  const remaining = amountRemaining(invoice);
  return {
    publicId: invoice.publicId,
    invoiceNumber: invoice.invoiceNumber,
    merchantName: brand?.name ?? "Owo",
    brand,
    testMode: invoice.mode === "test",
    status: invoice.status,
    paused: invoice.paused,
    state: stateOf(invoice),
    payable: invoiceClosedReason(invoice) === null && remaining > 0,
    customerName: invoice.customerName,
    customerEmail: invoice.customerEmail,
    lineItems: invoice.lineItems,
    subtotal: invoice.subtotal,
    taxRate: bpToTaxRate(invoice.taxRateBp),
    taxAmount: invoice.taxAmount,
    total: invoice.total,
    amountPaid: invoice.amountPaid,
    amountRemaining: remaining,
    dueDate: invoice.dueDate,
    issuedAt: invoice.issuedAt?.toISOString() ?? null,
    paidAt: invoice.paidAt?.toISOString() ?? null,
    note: invoice.note ?? null,
    allowPartialPayments: invoice.allowPartialPayments,
    minAmount: Math.min(MIN_PARTIAL_PAYMENT, remaining),
    payments: payments.map((p) => ({ reference: p.reference, amount: p.amount, channel: p.channel, paidAt: p.paidAt.toISOString(), payerName: payerName(p) })),
    serverNow: Date.now(),
  };
}

function payerName(p: Payment): string | null {
  const name = p.payer?.name ?? p.customerName;
  return typeof name === "string" && name.trim() ? name : null;
}
