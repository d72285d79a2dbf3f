"use client";

import { ExternalLink, Printer } from "lucide-react";
import Link from "@/components/ui/link";
import { useState } from "react";
import { changeInvoiceAction } from "@/lib/actions/invoices";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useToastAction } from "@/components/ui/use-toast-action";
import { formatNaira } from "@/lib/money";

type Change = "send" | "pause" | "resume" | "cancel";

export type InvoiceActionsProps = {
  publicId: string;
  invoiceNumber: string;
  status: "draft" | "sent" | "partial" | "paid" | "overdue" | "cancelled";
  paused: boolean;
  total: number;
  amountPaid: number;
  remaining: number;
  customerName: string;
  canManage: boolean;
};

/**
 * What can be done to an invoice from its page: send (draft), edit (draft), pause / resume,
 * cancel (behind a confirmation that says what happens to the page and the money), print.
 */
export function InvoiceActions(p: InvoiceActionsProps) {
  const [confirming, setConfirming] = useState<Change | null>(null);
  const change = useToastAction(changeInvoiceAction, {
    success: (data) => data?.message ?? "Done",
    refresh: true,
    onSuccess: () => setConfirming(null),
    onError: () => setConfirming(null),
  });
  const run = (c: Change) => change.execute({ publicId: p.publicId, change: c });
  const open = p.status === "sent" || p.status === "partial" || p.status === "overdue";
  const busy = (c: Change, label: string, doing: string) => (change.isPending && change.input?.change === c ? doing : label);
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="inv-actions">
      {p.canManage && p.status === "draft" && (
        <>
          <Button size="sm" onClick={() => setConfirming("send")} data-testid="inv-send">
            Send invoice
          </Button>
          <Link
            href={`/dashboard/invoices/${p.publicId}/edit`}
            className="inline-flex h-8 items-center rounded-md border border-neutral-300 bg-white px-3 text-sm font-medium hover:bg-neutral-100 dark:border-neutral-700 dark:bg-neutral-900"
            data-testid="inv-edit"
          >
            Edit
          </Link>
        </>
      )}
      {p.canManage && open && !p.paused && (
        <Button size="sm" variant="secondary" onClick={() => setConfirming("pause")} data-testid="inv-pause">
          Pause
        </Button>
      )}
      {p.canManage && p.paused && p.status !== "cancelled" && p.status !== "paid" && (
        <Button size="sm" onClick={() => run("resume")} disabled={change.isPending} data-testid="inv-resume">
          {busy("resume", "Resume", "Resuming…")}
        </Button>
      )}
      <Link
        href={`/dashboard/invoices/${p.publicId}/print`}
        className="inline-flex h-8 items-center gap-1.5 rounded-md border border-neutral-300 bg-white px-3 text-sm font-medium hover:bg-neutral-100 dark:border-neutral-700 dark:bg-neutral-900"
        data-testid="inv-print"
      >
        <Printer className="h-4 w-4" /> Printable view
      </Link>
      {p.canManage && p.status !== "paid" && p.status !== "cancelled" && (
        <Button size="sm" variant="danger" onClick={() => setConfirming("cancel")} data-testid="inv-cancel">
          Cancel invoice
        </Button>
      )}

      <Dialog open={confirming === "send"} onClose={() => setConfirming(null)} title={`Send ${p.invoiceNumber}?`}>
        <p className="text-sm">
          {p.invoiceNumber} for <b>{formatNaira(p.total)}</b> to {p.customerName} becomes final: its payment page starts taking payments and it can no longer be
          edited. Share the payment link with the customer.
        </p>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(null)}>
            Not yet
          </Button>
          <Button onClick={() => run("send")} disabled={change.isPending} data-testid="inv-confirm-send">
            {busy("send", `Send ${formatNaira(p.total)} invoice`, "Sending…")}
          </Button>
        </div>
      </Dialog>
      <Dialog open={confirming === "pause"} onClose={() => setConfirming(null)} title={`Pause ${p.invoiceNumber}?`}>
        <p className="text-sm">
          The payment page stops taking payments until you resume it; {formatNaira(p.remaining)} stays owed. Your webhook hears{" "}
          <span className="font-mono text-xs">invoice.paused</span>.
        </p>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(null)}>
            Keep it open
          </Button>
          <Button onClick={() => run("pause")} disabled={change.isPending} data-testid="inv-confirm-pause">
            {busy("pause", `Pause ${p.invoiceNumber}`, "Pausing…")}
          </Button>
        </div>
      </Dialog>
      <Dialog open={confirming === "cancel"} onClose={() => setConfirming(null)} title={`Cancel ${p.invoiceNumber}?`}>
        <div className="space-y-2 text-sm">
          <p>
            This cannot be undone.{" "}
            {p.status === "draft" ? (
              "The draft is never sent."
            ) : (
              <>The payment page stops taking payments for good and its account number and PayID are closed.</>
            )}{" "}
            The {formatNaira(p.remaining)} still owed by {p.customerName} will not be collected.
          </p>
          {p.amountPaid > 0 && <p>The {formatNaira(p.amountPaid)} already paid stays with you; refund the customer yourself if you need to.</p>}
        </div>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(null)}>
            Keep it
          </Button>
          <Button variant="danger" onClick={() => run("cancel")} disabled={change.isPending} data-testid="inv-confirm-cancel">
            {busy("cancel", `Cancel ${p.invoiceNumber}`, "Cancelling…")}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

/** The payment link with copy and open buttons. */
export function OpenPaymentPageLink({ url }: { url: string }) {
  return (
    <a
      href={url}
      target="_blank"
      rel="noreferrer"
      className="inline-flex h-7 items-center gap-1 rounded px-2 text-sm text-accent hover:bg-neutral-100 dark:hover:bg-neutral-800"
      data-testid="inv-open-payment-page"
    >
      <ExternalLink className="h-4 w-4" /> Open payment page
    </a>
  );
}
