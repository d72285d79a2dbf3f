"use client";

import { useState } from "react";
import { requestRefundAction } from "@/lib/actions/static-accounts";
import { firstError } from "@/components/ui/field-errors";
import { useToastAction } from "@/components/ui/use-toast-action";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Textarea } from "@/components/ui/input";
import { formatNaira } from "@/lib/money";
import { Form } from "@/components/ui/form";

/** "Request refund" on one payment, with a reason; the confirmation restates the amount and who gets it. */
export function RequestRefundButton({
  accountId,
  paymentId,
  amount,
  payerName,
}: {
  accountId: string;
  paymentId: string;
  amount: number;
  payerName: string | null;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const request = useToastAction(requestRefundAction, {
    success: (data) => (data?.created === false ? "A refund is already open for this payment" : "Refund requested: Owo will review it"),
    refresh: true,
    onSuccess: () => setOpen(false),
    error: false,
    onError: ({ error }) => error.serverError && setOpen(false),
  });
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)} data-testid="request-refund">
        Request refund
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Request a refund">
        <Form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            request.execute({ accountId, paymentId, reason: reason.trim() || null });
          }}
        >
          <p className="text-sm">
            {formatNaira(amount)} goes back to {payerName ?? "the payer"} once Owo approves the request. The payment is held from settlement while it is
            reviewed; if the request is declined it settles at the next cutoff.
          </p>
          <Field label="Reason (optional)" htmlFor={`refund-reason-${paymentId}`} error={firstError(request.result.validationErrors, "reason")}>
            <Textarea
              id={`refund-reason-${paymentId}`}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              maxLength={500}
              rows={3}
              data-testid="refund-reason"
            />
          </Field>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={request.isPending} data-testid="confirm-refund">
              {request.isPending ? "Requesting…" : `Request refund of ${formatNaira(amount)}`}
            </Button>
          </div>
        </Form>
      </Dialog>
    </>
  );
}
