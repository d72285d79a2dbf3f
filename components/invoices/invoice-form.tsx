"use client";

import { Plus, Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { createInvoiceAction, updateInvoiceAction } from "@/lib/actions/invoices";
import { FieldError, firstError } from "@/components/ui/field-errors";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, Input, Label } from "@/components/ui/input";
import { NairaField, nairaFieldState } from "@/components/ui/naira-input";
import { Select } from "@/components/ui/select";
import { useToastAction } from "@/components/ui/use-toast-action";
import type { Invoice } from "@/db/schema";
import { lagosDay } from "@/lib/lagos-day";
import { MAX_LINE_ITEMS } from "@/lib/invoices/invoice-input";
import { bpToTaxRate, computeInvoiceTotals, type InvoiceTotals } from "@/lib/invoices/invoice-totals";
import { formatNaira } from "@/lib/money";
import { parseNairaInput, parseQuantityInput, UNIT_PRICE_FIELD, unitPriceProblem, parseTaxRateInput, rowFromItem, type LineRow } from "./invoice-format";
import { Form } from "@/components/ui/form";

let keySeq = 0;
const newKey = () => `row-${++keySeq}`;
const emptyRow = (): LineRow => ({ key: newKey(), description: "", quantity: "1", price: "" });

/** Two weeks from today (Lagos), the usual payment term. */
function defaultDueDate(): string {
  const d = new Date(`${lagosDay()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 14);
  return d.toISOString().slice(0, 10);
}

/** The first message at a nested path of next-safe-action's formatted validation errors. */
function errorAt(errors: unknown, path: (string | number)[]): string | undefined {
  let node = errors as Record<string, unknown> | undefined;
  for (const key of path.slice(0, -1)) node = node?.[String(key)] as Record<string, unknown> | undefined;
  return firstError(node, String(path[path.length - 1]));
}

type Parsed = { description: string; quantity: number | null; unit_price: number | null };

/**
 * The invoice editor (create and edit a draft): line items with naira prices converted exactly
 * to kobo, live totals computed by computeInvoiceTotals (the server's own rule), and inline
 * errors from the API's own schemas (CreateInvoiceBody / UpdateInvoiceBody) on the server.
 */
export function InvoiceForm({ invoice }: { invoice?: Invoice }) {
  const router = useRouter();
  const editing = Boolean(invoice);
  const [rows, setRows] = useState<LineRow[]>(() => (invoice ? invoice.lineItems.map((item) => rowFromItem(item, newKey())) : [emptyRow()]));
  const [taxRate, setTaxRate] = useState(invoice && invoice.taxRateBp > 0 ? String(bpToTaxRate(invoice.taxRateBp)) : "");
  const [dueDate, setDueDate] = useState(invoice?.dueDate ?? defaultDueDate);
  const [allowPartial, setAllowPartial] = useState(invoice?.allowPartialPayments ?? false);
  const [dueAction, setDueAction] = useState<"none" | "pause">(invoice?.dueDateAction ?? "none");
  const [checked, setChecked] = useState(false);

  type Saved = { publicId: string; invoiceNumber: string; status: string; message: string } | undefined;
  const done = {
    // The server's words: "emailing the link" only when it has a mail server, else "share this link".
    success: (data: Saved) => data?.message,
    onSuccess: ({ data }: { data: Saved }) => {
      if (!data) return;
      router.push(`/dashboard/invoices/${data.publicId}`);
      router.refresh();
    },
    error: false as const,
  };
  const create = useToastAction(createInvoiceAction, done);
  const update = useToastAction(updateInvoiceAction, done);
  const pending = create.isPending || update.isPending;
  const serverError = create.result.serverError ?? update.result.serverError;
  const errors = editing ? (update.result.validationErrors as Record<string, unknown> | undefined)?.body : create.result.validationErrors;

  const parsed: Parsed[] = rows.map((r) => ({
    description: r.description.trim(),
    quantity: parseQuantityInput(r.quantity),
    unit_price: parseNairaInput(r.price),
  }));
  const tax = parseTaxRateInput(taxRate);
  const totals = ((): InvoiceTotals | string | null => {
    if (tax === null || parsed.some((p) => p.quantity === null || p.unit_price === null)) return null;
    try {
      return computeInvoiceTotals(
        parsed.map((p) => ({ description: p.description || "-", quantity: p.quantity!, unit_price: p.unit_price! })),
        tax,
      );
    } catch (err) {
      return (err as { details?: string[] }).details?.[0]?.replace(/(\d+) kobo/, (_, k: string) => formatNaira(Number(k))) ?? "Check the amounts";
    }
  })();

  const rowProblem = (i: number, field: "description" | "quantity" | "price"): string | undefined => {
    const r = rows[i]!;
    const p = parsed[i]!;
    if (field === "description") return checked && p.description === "" ? "Describe the item" : errorAt(errors, ["line_items", i, "description"]);
    if (field === "quantity")
      return (checked || r.quantity !== "") && p.quantity === null ? "A whole number, 1 or more" : errorAt(errors, ["line_items", i, "quantity"]);
    return (checked || r.price !== "") && p.unit_price === null ? (unitPriceProblem(r.price) ?? undefined) : errorAt(errors, ["line_items", i, "unit_price"]);
  };

  const setRow = (key: string, change: Partial<LineRow>) => setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...change } : r)));

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setChecked(true);
    const send = (e.nativeEvent as SubmitEvent).submitter?.getAttribute("value") === "send";
    if (tax === null || parsed.some((p) => p.description === "" || p.quantity === null || p.unit_price === null)) {
      toast.error("Check the highlighted fields");
      return;
    }
    const form = new FormData(e.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "").trim();
    const body = {
      customer_name: text("customer_name"),
      customer_email: text("customer_email"),
      line_items: parsed.map((p) => ({ description: p.description, quantity: p.quantity!, unit_price: p.unit_price! })),
      tax_rate: tax,
      note: text("note") || null,
      allow_partial_payments: allowPartial,
      due_date_action: dueAction,
    };
    const reference = text("merchant_reference");
    if (invoice) {
      update.execute({
        publicId: invoice.publicId,
        sendAfter: send,
        // An unchanged due date is left as it is (a draft's old date may already have passed).
        body: { ...body, ...(dueDate !== invoice.dueDate ? { due_date: dueDate } : {}), merchant_reference: reference || null },
      });
    } else {
      create.execute({ ...body, due_date: dueDate, merchant_reference: reference || undefined, send });
    }
  };

  return (
    <Form className="space-y-5" onSubmit={submit} autoComplete="off" noValidate>
      <Card className="space-y-4">
        <h2 className="font-medium">Customer</h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Customer name" htmlFor="inv-customer-name" error={firstError(errors, "customer_name")}>
            <Input id="inv-customer-name" name="customer_name" required maxLength={255} defaultValue={invoice?.customerName} data-testid="inv-customer-name" />
          </Field>
          <Field label="Customer email" htmlFor="inv-customer-email" error={firstError(errors, "customer_email")}>
            <Input
              id="inv-customer-email"
              name="customer_email"
              type="email"
              required
              maxLength={254}
              defaultValue={invoice?.customerEmail}
              data-testid="inv-customer-email"
            />
          </Field>
        </div>
      </Card>

      <Card className="space-y-3">
        <h2 className="font-medium">Line items</h2>
        <div className="hidden grid-cols-[1fr_6rem_10rem_9rem_2.25rem] gap-2 text-xs font-medium uppercase text-neutral-500 sm:grid">
          <span>Description</span>
          <span>Quantity</span>
          <span>Unit price (₦)</span>
          <span className="text-right">Amount</span>
          <span />
        </div>
        <ul className="space-y-3 sm:space-y-2" data-testid="inv-line-items">
          {rows.map((r, i) => {
            const p = parsed[i]!;
            const amount = p.quantity !== null && p.unit_price !== null ? BigInt(p.quantity) * BigInt(p.unit_price) : null;
            const problems = (["description", "quantity", "price"] as const).map((f) => rowProblem(i, f));
            return (
              <li key={r.key} className="grid grid-cols-2 items-start gap-2 sm:grid-cols-[1fr_6rem_10rem_9rem_2.25rem]" data-testid="inv-line-item">
                <div className="col-span-2 sm:col-span-1">
                  <Input
                    aria-label={`Description, item ${i + 1}`}
                    value={r.description}
                    maxLength={500}
                    placeholder="What you are billing for"
                    onChange={(e) => setRow(r.key, { description: e.target.value })}
                    data-testid={`inv-item-description-${i}`}
                    aria-invalid={Boolean(problems[0])}
                  />
                  <FieldError message={problems[0]} className="mt-1" />
                </div>
                <div>
                  <Input
                    aria-label={`Quantity, item ${i + 1}`}
                    inputMode="numeric"
                    value={r.quantity}
                    onChange={(e) => setRow(r.key, { quantity: e.target.value })}
                    data-testid={`inv-item-quantity-${i}`}
                    aria-invalid={Boolean(problems[1])}
                  />
                  <FieldError message={problems[1]} className="mt-1" />
                </div>
                <div>
                  <NairaField
                    // The row's own problem (shown once the row is touched or the form checked): not the field's live one.
                    field={{ ...nairaFieldState(r.price, (price) => setRow(r.key, { price }), UNIT_PRICE_FIELD), problem: null }}
                    id={`inv-item-price-${r.key}`}
                    label={`Unit price in naira, item ${i + 1}`}
                    labelClassName="sr-only"
                    className="space-y-0"
                    placeholder="0.00"
                    testId={`inv-item-price-${i}`}
                    error={problems[2]}
                  />
                </div>
                <p className="h-9 text-right text-sm leading-9 tabular-nums" data-testid={`inv-item-amount-${i}`}>
                  {amount === null ? "—" : formatNaira(amount)}
                </p>
                <button
                  type="button"
                  aria-label={`Remove item ${i + 1}`}
                  title="Remove item"
                  disabled={rows.length === 1}
                  onClick={() => setRows((rs) => rs.filter((x) => x.key !== r.key))}
                  className="inline-flex h-9 w-9 items-center justify-center rounded text-neutral-500 hover:bg-neutral-100 hover:text-red-700 disabled:opacity-30 dark:hover:bg-neutral-800"
                  data-testid={`inv-remove-item-${i}`}
                >
                  <Trash2 className="h-4 w-4" />
                </button>
              </li>
            );
          })}
        </ul>
        <FieldError message={firstError(errors, "line_items")} />
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={() => setRows((rs) => [...rs, emptyRow()])}
          disabled={rows.length >= MAX_LINE_ITEMS}
          data-testid="inv-add-item"
        >
          <Plus className="h-4 w-4" /> Add item
        </Button>

        <div className="ml-auto max-w-xs space-y-1 border-t border-neutral-200 pt-3 text-sm dark:border-neutral-800">
          <div className="flex items-center justify-between gap-4">
            <Label htmlFor="inv-tax-rate" className="font-normal text-neutral-600">
              Tax rate (%)
            </Label>
            <Input
              id="inv-tax-rate"
              inputMode="decimal"
              value={taxRate}
              placeholder="0"
              onChange={(e) => setTaxRate(e.target.value)}
              className="w-24 text-right tabular-nums"
              data-testid="inv-tax-rate"
              aria-invalid={tax === null}
            />
          </div>
          <FieldError message={tax === null ? "0 to 100, at most two decimals" : firstError(errors, "tax_rate")} className="text-right" />
          <dl className="grid grid-cols-[1fr_auto] gap-y-1 pt-2 tabular-nums">
            <dt className="text-neutral-600">Subtotal</dt>
            <dd className="whitespace-nowrap text-right" data-testid="inv-subtotal">
              {typeof totals === "object" && totals ? formatNaira(totals.subtotal) : "—"}
            </dd>
            <dt className="text-neutral-600">Tax{tax ? ` (${tax}%)` : ""}</dt>
            <dd className="whitespace-nowrap text-right" data-testid="inv-tax">
              {typeof totals === "object" && totals ? formatNaira(totals.taxAmount) : "—"}
            </dd>
            <dt className="font-semibold">Total</dt>
            <dd className="whitespace-nowrap text-right text-base font-semibold" data-testid="inv-total">
              {typeof totals === "object" && totals ? formatNaira(totals.total) : "—"}
            </dd>
          </dl>
          <FieldError message={typeof totals === "string" ? totals : null} className="text-right" testId="inv-total-error" />
        </div>
      </Card>

      <Card className="space-y-4">
        <h2 className="font-medium">Payment terms</h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Due date" htmlFor="inv-due-date" error={firstError(errors, "due_date")}>
            <Input id="inv-due-date" type="date" min={lagosDay()} value={dueDate} onChange={(e) => setDueDate(e.target.value)} data-testid="inv-due-date" />
          </Field>
          <Field
            label="When the due date passes"
            htmlFor="inv-due-action"
            hint={
              dueAction === "pause"
                ? "The invoice is paused and its payment page takes no payment until you resume it."
                : "The invoice is marked overdue and can still be paid."
            }
            error={firstError(errors, "due_date_action")}
          >
            <Select
              id="inv-due-action"
              className="w-full"
              value={dueAction}
              onChange={(e) => setDueAction(e.target.value as "none" | "pause")}
              data-testid="inv-due-action"
            >
              <option value="none">Mark overdue, keep taking payments</option>
              <option value="pause">Pause the invoice</option>
            </Select>
          </Field>
        </div>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            checked={allowPartial}
            onChange={(e) => setAllowPartial(e.target.checked)}
            className="mt-0.5 h-4 w-4 accent-[var(--color-accent)]"
            data-testid="inv-allow-partial"
          />
          <span>
            <span className="font-medium">Allow partial payments</span>
            <span className="block text-xs text-neutral-500">
              The customer may pay in parts (at least ₦1.00 each) until the total is paid. Otherwise one payment of the full amount.
            </span>
          </span>
        </label>
        <Field
          label="Note (optional)"
          htmlFor="inv-note"
          hint="Shown to the customer on the payment page and the printed invoice."
          error={firstError(errors, "note")}
        >
          <textarea
            id="inv-note"
            name="note"
            rows={3}
            maxLength={2000}
            defaultValue={invoice?.note ?? ""}
            className="w-full rounded-md border border-neutral-300 bg-white px-3 py-2 text-sm outline-none focus:border-accent focus:ring-2 focus:ring-accent/20 dark:border-neutral-700 dark:bg-neutral-900"
            data-testid="inv-note"
          />
        </Field>
        <Field
          label="Your reference (optional)"
          htmlFor="inv-merchant-reference"
          hint="Your own id for this invoice (an order number, say); unique among your invoices."
          error={firstError(errors, "merchant_reference")}
        >
          <Input
            id="inv-merchant-reference"
            name="merchant_reference"
            maxLength={255}
            defaultValue={invoice?.merchantReference ?? ""}
            className="font-mono"
            data-testid="inv-merchant-reference"
          />
        </Field>
      </Card>

      {serverError && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800" data-testid="inv-form-error">
          {serverError}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="submit" name="intent" value="draft" variant="secondary" disabled={pending} data-testid="inv-save-draft">
          {pending ? "Saving…" : editing ? "Save changes" : "Save draft"}
        </Button>
        <Button type="submit" name="intent" value="send" disabled={pending} data-testid="inv-create-send">
          {pending
            ? "Saving…"
            : `${editing ? "Save and send" : "Create and send"}${typeof totals === "object" && totals ? ` ${formatNaira(totals.total)}` : ""}`}
        </Button>
      </div>
    </Form>
  );
}
