"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { approveRefundAction, rejectRefundAction } from "@/lib/actions/admin/refunds";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Textarea } from "@/components/ui/input";
import { useToastAction } from "@/components/ui/use-toast-action";
import { Form } from "@/components/ui/form";

const errorText = (error: { validationErrors?: unknown }) =>
  error.validationErrors ? "A rejection needs a reason (at most 500 characters)." : "Something went wrong";

/**
 * Where a refund's money comes from, in naira text, for the confirmations: a static-account
 * payment's from the merchant's pending settlement (its fee from fee revenue); any other
 * channel's already held from the merchant's wallet at request time (`held`), plus, for a
 * refund of the whole payment, its collection fee from fee revenue (`fee`; null for a partial
 * refund, which returns no fee).
 */
export type RefundMoneySource = { kind: "settlement" } | { kind: "wallet"; held: string; fee: string | null; paymentAmount: string };

/**
 * Approve (the bank pays the payer back) or reject with a reason. Each opens a confirmation
 * that restates what will happen, amounts included and worded for where the money is; the
 * buttons say what they do.
 */
export function RefundDecision({
  refundId,
  amount,
  payer,
  merchant,
  source,
  size = "md",
}: {
  refundId: string;
  amount: string;
  payer: string;
  merchant: string;
  source: RefundMoneySource;
  size?: "sm" | "md";
}) {
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
  const reject = useToastAction(rejectRefundAction, {
    success:
      source.kind === "settlement"
        ? "Refund rejected; the payment goes to the next settlement"
        : "Refund rejected; the held money is back in the merchant's wallet",
    onSuccess: done,
    error: errorText,
  });
  const busy = approve.isPending || reject.isPending;

  return (
    <div className="flex flex-wrap gap-2 text-left">
      <Button size={size} onClick={() => setOpen("approve")} disabled={busy} data-testid="approve-refund">
        Approve
      </Button>
      <Button size={size} variant="danger" onClick={() => setOpen("reject")} disabled={busy} data-testid="reject-refund">
        Reject
      </Button>

      <Dialog open={open === "approve"} onClose={() => setOpen(null)} title="Approve this refund?">
        <p className="text-sm" data-testid="approve-refund-source">
          {source.kind === "settlement" ? (
            <>
              <b>{amount}</b> goes back to <b>{payer}</b> from {merchant}&apos;s pending settlement (the collection fee is returned too). The payment will not
              be settled to the merchant, and the merchant is sent <span className="font-mono">charge.refunded</span> once the bank confirms.
            </>
          ) : source.fee ? (
            <>
              <b>{amount}</b> goes back to <b>{payer}</b>: {source.held} is already held from {merchant}&apos;s wallet since the request, and the {source.fee}{" "}
              collection fee comes back out of Owo&apos;s fee revenue. The merchant is sent <span className="font-mono">charge.refunded</span> once the bank
              confirms.
            </>
          ) : (
            <>
              <b>{amount}</b> goes back to <b>{payer}</b>, already held from {merchant}&apos;s wallet since the request (part of a {source.paymentAmount}{" "}
              payment: no fee is returned). The merchant is sent <span className="font-mono">charge.refunded</span> once the bank confirms.
            </>
          )}
        </p>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setOpen(null)}>
            Cancel
          </Button>
          <Button onClick={() => approve.execute({ refundId })} disabled={busy} data-testid="confirm-approve-refund">
            {approve.isPending ? "Refunding…" : `Refund ${amount}`}
          </Button>
        </div>
      </Dialog>

      <Dialog open={open === "reject"} onClose={() => setOpen(null)} title="Reject this refund?">
        <Form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            reject.execute({ refundId, reason });
          }}
        >
          <p className="text-sm">
            {source.kind === "settlement" ? (
              <>
                The payment of <b>{amount}</b> returns to the next settlement to {merchant}.
              </>
            ) : (
              <>
                The <b>{source.held}</b> held from {merchant}&apos;s wallet goes back to it.
              </>
            )}{" "}
            No event is sent; the merchant sees your reason.
          </p>
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
            <Button type="button" variant="secondary" onClick={() => setOpen(null)}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" disabled={busy || reason.trim() === ""} data-testid="confirm-reject-refund">
              {reject.isPending ? "Rejecting…" : "Reject refund"}
            </Button>
          </div>
        </Form>
      </Dialog>
    </div>
  );
}
