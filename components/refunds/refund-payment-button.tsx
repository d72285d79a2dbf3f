"use client";

import { useState } from "react";
import { requestPaymentRefundAction } from "@/app/(dashboard)/dashboard/payments/actions";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { firstError } from "@/components/ui/field-errors";
import { Field, Textarea } from "@/components/ui/input";
import { useToastAction } from "@/components/ui/use-toast-action";
import { formatNaira } from "@/lib/money";

/** "Refund" on a payment's page: the whole payment back to its payer, after Owo's review; the confirmation says what is held meanwhile. */
export function RefundPaymentButton({ reference, amount, held, payerName, fromSettlement }: { reference: string; amount: number; held: number; payerName: string | null; fromSettlement: boolean }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const request = useToastAction(requestPaymentRefundAction, {
    success: (data) => (data?.created === false ? "A refund is already open for this payment" : "Refund requested: Owo will review it"),
    refresh: true,
    onSuccess: () => setOpen(false),
    error: false,
    onError: ({ error }) => error.serverError && setOpen(false),
  });
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)} data-testid="refund-payment">Refund</Button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Refund this payment">
        <form className="space-y-4" action={() => request.execute({ reference, reason: reason.trim() || null })}>
          <p className="text-sm">
            {formatNaira(amount)} goes back to {payerName ?? "the payer"} once Owo approves the request.{" "}
            {fromSettlement
              ? "The payment is held from settlement while it is reviewed."
              : `${formatNaira(held)} is held from your wallet now and comes back to it if the request is declined.`}
          </p>
          <Field label="Reason (optional)" htmlFor={`refund-reason-${reference}`} error={firstError(request.result.validationErrors, "reason")}>
            <Textarea id={`refund-reason-${reference}`} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} rows={3} data-testid="payment-refund-reason" />
          </Field>
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => setOpen(false)}>Cancel</Button>
            <Button type="submit" disabled={request.isPending} data-testid="confirm-payment-refund">{request.isPending ? "Requesting…" : `Refund ${formatNaira(amount)}`}</Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
