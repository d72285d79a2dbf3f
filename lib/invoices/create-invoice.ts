import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db/client";
import { invoiceCounters, invoices, type Invoice, type Mode } from "@/db/schema";
import { lockKeyForTransaction32 } from "@/db/statements/locks";
import { appError } from "@/lib/errors";
import { deliverAfterCommit } from "@/lib/events/deliver-after-commit";
import { prefixedId } from "@/lib/ids";
import { getWalletPayId } from "@/lib/payids/find-pay-id";
import { dueAtFor } from "./invoice-dates";
import { emitInvoiceEvents, recordInvoiceActivity } from "./invoice-events";
import type { CreateInvoiceBody } from "./invoice-input";
import { computeInvoiceTotals } from "./invoice-totals";
import { invoiceEventBase } from "./invoice-view";

export type CreateInvoiceInput = {
  merchantId: string;
  mode: Mode;
  /** The creating key pair (its webhook hears the events); null from the dashboard. */
  keyPairId: string | null;
  /** The key's settlement PayID; null → the merchant's wallet PayID of the mode. */
  settlementPayIdId: string | null;
  source: "api" | "dashboard";
  /** Where the hosted page is reached (APP_URL or the request's origin): payment_url = `${baseUrl}/i/<public_id>`. */
  baseUrl: string;
  body: CreateInvoiceBody;
};

/** api.md-style invoice number, sequential per merchant and mode. */
export const formatInvoiceNumber = (n: number) => `INV-${String(n).padStart(6, "0")}`;

/** Hosted invoice page address. */
export const invoicePaymentUrl = (baseUrl: string, publicId: string) => `${baseUrl.replace(/\/+$/, "")}/i/${publicId}`;

const referenceConflict = () => appError("REFERENCE_CONFLICT", { message: "This merchant_reference was already used for a different invoice." });

/** Same body (whatever the key order), same fingerprint. */
function fingerprint(body: CreateInvoiceBody): string {
  const canonical = (v: unknown): unknown =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
        )
      : Array.isArray(v)
        ? v.map(canonical)
        : v;
  return createHash("sha256")
    .update(JSON.stringify(canonical(body)))
    .digest("hex");
}

async function nextInvoiceNumber(tx: DbOrTx, merchantId: string, mode: Mode): Promise<string> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ merchantId, mode, lastNumber: 1 })
    .onConflictDoUpdate({ target: [invoiceCounters.merchantId, invoiceCounters.mode], set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` } })
    .returning({ n: invoiceCounters.lastNumber });
  return formatInvoiceNumber(row!.n);
}

/**
 * POST /v1/checkout/invoice and the dashboard's create form. Totals are computed here;
 * `send: true` issues it at once (`sent`, issued_at set). Emits invoice.created (then
 * invoice.sent) in the same transaction. A repeat with the same merchant_reference and the same
 * body returns the first invoice (a retried request creates nothing twice); a different body
 * is 409 REFERENCE_CONFLICT.
 */
export async function createInvoice(db: Db, input: CreateInvoiceInput): Promise<Invoice> {
  const { body } = input;
  const totals = computeInvoiceTotals(body.line_items, body.tax_rate);
  const hash = fingerprint(body);
  const { invoice, eventIds } = await db.transaction(async (tx) => {
    if (body.merchant_reference) {
      // Two creates racing with one reference serialise here; the loser sees the winner's row.
      await lockKeyForTransaction32(tx, `invoice:${input.merchantId}:${input.mode}:${body.merchant_reference}`);
      const [existing] = await tx
        .select()
        .from(invoices)
        .where(and(eq(invoices.merchantId, input.merchantId), eq(invoices.mode, input.mode), eq(invoices.merchantReference, body.merchant_reference)));
      if (existing) {
        if (existing.requestHash !== hash) throw referenceConflict();
        return { invoice: existing, eventIds: [] as string[] };
      }
    }
    const settlementPayIdId = input.settlementPayIdId ?? (await getWalletPayId(tx, input))?.id;
    if (!settlementPayIdId) throw new Error(`Merchant ${input.merchantId} has no ${input.mode} wallet PayID`);
    const publicId = prefixedId("invoice");
    const now = new Date();
    const [row] = await tx
      .insert(invoices)
      .values({
        publicId,
        merchantId: input.merchantId,
        mode: input.mode,
        keyPairId: input.keyPairId,
        settlementPayIdId,
        invoiceNumber: await nextInvoiceNumber(tx, input.merchantId, input.mode),
        status: body.send ? "sent" : "draft",
        customerName: body.customer_name,
        customerEmail: body.customer_email,
        ...totals,
        dueDate: body.due_date,
        dueAt: dueAtFor(body.due_date),
        note: body.note,
        allowPartialPayments: body.allow_partial_payments,
        dueDateAction: body.due_date_action,
        merchantReference: body.merchant_reference,
        metadata: body.metadata,
        requestHash: hash,
        paymentUrl: invoicePaymentUrl(input.baseUrl, publicId),
        source: input.source,
        issuedAt: body.send ? now : null,
      })
      .returning();
    const invoice = row!;
    const actor = input.source;
    await recordInvoiceActivity(tx, invoice, "created", actor, { total: invoice.total });
    if (body.send) await recordInvoiceActivity(tx, invoice, "sent", actor);
    // With send: true the invoice is created (a draft) and sent (draft → sent) in one request:
    // each event describes the invoice at its own step.
    const eventIds = await emitInvoiceEvents(tx, invoice, [
      { type: "invoice.created", data: invoiceEventBase({ ...invoice, status: "draft", issuedAt: null }) },
      ...(body.send ? [{ type: "invoice.sent" as const, data: invoiceEventBase(invoice) }] : []),
    ]);
    return { invoice, eventIds };
  });
  deliverAfterCommit(eventIds);
  return invoice;
}
