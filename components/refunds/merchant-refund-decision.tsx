"use client";

import { useState } from "react";
import { toast } from "sonner";
import { approveTestRefundAction, rejectTestRefundAction } from "@/lib/actions/refunds";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { firstError } from "@/components/ui/field-errors";
import { Field, Textarea } from "@/components/ui/input";
import { useToastAction } from "@/components/ui/use-toast-action";
import { Form } from "@/components/ui/form";

/**
 * Test mode (supplement §10): the merchant decides its own refund on the refund's page, as an
 * operator would a live one, so an integration can be tried to the end (charge.refunded
 * included). Each button opens a confirmation that restates what will happen.
 */
export function MerchantRefundDecision({
  refundId,
  amount,
  payer,
  held,
}: {
  refundId: string;
  amount: string;
  payer: string;
  /** Where the money waits: the naira held from the test wallet, or null for a static-account payment (held from settlement). */
  held: string | null;
}) {
  const [open, setOpen] = useState<"approve" | "reject" | null>(null);
  const [reason, setReason] = useState("");
  const approve = useToastAction(approveTestRefundAction, {
    onSuccess: ({ data }) => {
      if (data?.status === "failed") toast.error(data.message);
      else toast.success(data?.message ?? "Refund approved");
      setOpen(null);
    },
    refresh: true,
  });
  const reject = useToastAction(rejectTestRefundAction, {
    success: held ? `Refund rejected: ${held} is back in your wallet` : "Refund rejected: the payment goes to the next settlement",
    onSuccess: () => setOpen(null),
    refresh: true,
    error: false,
  });
  const busy = approve.isPending || reject.isPending;
  return (
    <div className="flex flex-wrap gap-2" data-testid="merchant-refund-decision">
      <Button onClick={() => setOpen("approve")} disabled={busy} data-testid="merchant-approve-refund">
        Approve
      </Button>
      <Button variant="danger" onClick={() => setOpen("reject")} disabled={busy} data-testid="merchant-reject-refund">
        Reject
      </Button>

      <Dialog open={open === "approve"} onClose={() => setOpen(null)} title="Approve this test refund?">
        <p className="text-sm">
          <b>{amount}</b> goes back to <b>{payer}</b> through the sandbox bank,{" "}
          {held ? `from the ${held} already held from your test wallet` : "from the payment held from settlement"}, and{" "}
          <span className="font-mono">charge.refunded</span> is sent to your webhook, as Owo&apos;s approval of a live refund would.
        </p>
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setOpen(null)}>
            Cancel
          </Button>
          <Button onClick={() => approve.execute({ refundId })} disabled={busy} data-testid="confirm-merchant-approve-refund">
            {approve.isPending ? "Refunding…" : `Refund ${amount}`}
          </Button>
        </div>
      </Dialog>

      <Dialog open={open === "reject"} onClose={() => setOpen(null)} title="Reject this test refund?">
        <Form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            reject.execute({ refundId, reason });
          }}
        >
          <p className="text-sm">
            {held ? `The ${held} held for this refund goes back to your test wallet.` : "The payment returns to the next settlement."} No event is sent.
          </p>
          <Field label="Reason" htmlFor="merchant-reject-reason" error={firstError(reject.result.validationErrors, "reason")}>
            <Textarea
              id="merchant-reject-reason"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              required
              maxLength={500}
              rows={3}
              data-testid="merchant-rejection-reason"
            />
          </Field>
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => setOpen(null)}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" disabled={busy || reason.trim() === ""} data-testid="confirm-merchant-reject-refund">
              {reject.isPending ? "Rejecting…" : "Reject refund"}
            </Button>
          </div>
        </Form>
      </Dialog>
    </div>
  );
}
