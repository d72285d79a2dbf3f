"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { approveRefundAction, rejectRefundAction } from "@/app/(admin)/admin/actions";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Textarea } from "@/components/ui/input";
import { useToastAction } from "@/components/ui/use-toast-action";

const errorText = (error: { validationErrors?: unknown }) => (error.validationErrors ? "A rejection needs a reason (at most 500 characters)." : "Something went wrong");

/**
 * Approve (the bank pays the payer back) or reject with a reason. Each opens a confirmation
 * that restates what will happen, amounts included; the buttons say what they do.
 */
export function RefundDecision({ refundId, amount, payer, merchant, size = "md" }: { refundId: string; amount: string; payer: string; merchant: string; size?: "sm" | "md" }) {
  const router = useRouter();
  const [open, setOpen] = useState<"approve" | "reject" | null>(null);
  const [reason, setReason] = useState("");
  const done = () => {
    setOpen(null);
    router.refresh();
  };
  const approve = useToastAction(approveRefundAction, {
    onSuccess: ({ data }) => {
      if (data?.status === "failed") toast.error(data.message);
      else toast.success(data?.message ?? "Refund approved");
      done();
    },
    error: errorText,
    onError: done,
  });
  const reject = useToastAction(rejectRefundAction, { success: "Refund rejected; the payment goes to the next settlement", onSuccess: done, error: errorText });
  const busy = approve.isPending || reject.isPending;

  return (
    <div className="flex flex-wrap gap-2 text-left">
      <Button size={size} onClick={() => setOpen("approve")} disabled={busy} data-testid="approve-refund">Approve</Button>
      <Button size={size} variant="danger" onClick={() => setOpen("reject")} disabled={busy} data-testid="reject-refund">Reject</Button>

      <Dialog open={open === "approve"} onClose={() => setOpen(null)} title="Approve this refund?">
        <p className="text-sm">
          <b>{amount}</b> goes back to <b>{payer}</b> from {merchant}&apos;s pending settlement (the collection fee is returned too). The
          payment will not be settled to the merchant, and the merchant is sent <span className="font-mono">charge.refunded</span> once the bank confirms.
        </p>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setOpen(null)}>Cancel</Button>
          <Button onClick={() => approve.execute({ refundId })} disabled={busy} data-testid="confirm-approve-refund">
            {approve.isPending ? "Refunding…" : `Refund ${amount}`}
          </Button>
        </div>
      </Dialog>

      <Dialog open={open === "reject"} onClose={() => setOpen(null)} title="Reject this refund?">
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            reject.execute({ refundId, reason });
          }}
        >
          <p className="text-sm">The payment of <b>{amount}</b> returns to the next settlement to {merchant}. No event is sent; the merchant sees your reason.</p>
          <Field label="Reason (the merchant reads it)" htmlFor="reject-reason">
            <Textarea
              id="reject-reason"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              required
              maxLength={500}
              rows={3}
              data-testid="rejection-reason"
            />
          </Field>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => setOpen(null)}>Cancel</Button>
            <Button type="submit" variant="danger" disabled={busy || reason.trim() === ""} data-testid="confirm-reject-refund">
              {reject.isPending ? "Rejecting…" : "Reject refund"}
            </Button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}
