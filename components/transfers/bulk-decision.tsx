"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FieldError } from "@/components/ui/field-errors";
import { Field, Input } from "@/components/ui/input";
import { useToastAction } from "@/components/ui/use-toast-action";
import { decideBulkBatchAction } from "@/lib/actions/bulk-transfers";
import { formatNaira } from "@/lib/money";

/** A waiting batch's approve and reject buttons, for a member allowed to approve who did not upload it. */
export function BulkDecision({ id, rows, amount, fees, stepUp }: { id: string; rows: number; amount: number; fees: number; stepUp: boolean }) {
  const [decision, setDecision] = useState<"approve" | "reject" | null>(null);
  const [code, setCode] = useState("");
  const decide = useToastAction(decideBulkBatchAction, {
    success: (d) => (d?.status === "queued" ? "Approved: the transfers are going out" : "Rejected: nothing was sent"),
    refresh: true,
    onSuccess: () => setDecision(null),
    onError: () => setCode(""),
  });
  return (
    <>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => setDecision("approve")} data-testid="approve-batch">
          Approve and send
        </Button>
        <Button variant="danger" onClick={() => setDecision("reject")} data-testid="reject-batch">
          Reject
        </Button>
      </div>
      {decision && (
        <Dialog
          open
          onClose={() => !decide.isPending && setDecision(null)}
          title={decision === "approve" ? "Approve and send this batch?" : "Reject this batch?"}
        >
          <div className="space-y-4 text-sm">
            <p>
              {decision === "approve"
                ? `${rows} ${rows === 1 ? "transfer" : "transfers"} of ${formatNaira(amount)} in all, plus ${formatNaira(fees)} in fees, leave the wallet now.`
                : "Nothing in this batch is sent; the member who uploaded it sees it rejected."}
            </p>
            {decision === "approve" && stepUp && (
              <Field label="Code from your authenticator app" htmlFor="batch-2fa">
                <Input
                  id="batch-2fa"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                  data-testid="batch-2fa-code"
                />
              </Field>
            )}
            <FieldError message={decide.result.serverError} />
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={() => setDecision(null)} disabled={decide.isPending}>
                Cancel
              </Button>
              <Button
                variant={decision === "approve" ? "primary" : "danger"}
                disabled={decide.isPending}
                onClick={() => decide.execute({ id, decision, twoFactorCode: code || undefined })}
                data-testid="confirm-batch-decision"
              >
                {decide.isPending ? "Working…" : decision === "approve" ? `Send ${formatNaira(amount)}` : "Reject"}
              </Button>
            </div>
          </div>
        </Dialog>
      )}
    </>
  );
}
