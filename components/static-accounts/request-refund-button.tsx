"use client";

import { useAction } from "next-safe-action/hooks";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { requestRefundAction } from "@/app/(dashboard)/dashboard/static-accounts/actions";
import { firstError } from "@/components/payids/field-errors";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Textarea } from "@/components/ui/input";
import { formatNaira } from "@/lib/money";

/** "Request refund" on one payment, with a reason; the confirmation restates the amount and who gets it. */
export function RequestRefundButton({ accountId, paymentId, amount, payerName }: { accountId: string; paymentId: string; amount: number; payerName: string | null }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const request = useAction(requestRefundAction, {
    onSuccess: ({ data }) => {
      toast.success(data?.created === false ? "A refund is already open for this payment" : "Refund requested: Owo will review it");
      setOpen(false);
      router.refresh();
    },
    onError: ({ error }) => {
      if (error.serverError) {
        setOpen(false);
        toast.error(error.serverError);
      }
    },
  });
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)} data-testid="request-refund">Request refund</Button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Request a refund">
        <form className="space-y-4" action={() => request.execute({ accountId, paymentId, reason: reason.trim() || null })}>
          <p className="text-sm">
            {formatNaira(amount)} goes back to {payerName ?? "the payer"} once Owo approves the request. The payment is held from settlement while it is reviewed; if the request is declined it settles
            at the next cutoff.
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
            <Button type="button" variant="secondary" onClick={() => setOpen(false)}>Cancel</Button>
            <Button type="submit" disabled={request.isPending} data-testid="confirm-refund">{request.isPending ? "Requesting…" : `Request refund of ${formatNaira(amount)}`}</Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
