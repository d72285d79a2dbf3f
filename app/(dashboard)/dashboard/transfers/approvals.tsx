"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { Dialog } from "@/components/ui/dialog";
import { FieldError, firstError } from "@/components/ui/field-errors";
import { Field, Input } from "@/components/ui/input";
import { useToastAction } from "@/components/ui/use-toast-action";
import { formatNaira } from "@/lib/money";
import { decideTransferApprovalAction, setApprovalThresholdAction } from "@/lib/actions/transfers";
import { Form } from "@/components/ui/form";

type Pending = { id: string; amount: number; recipientName: string; requestedByEmail: string; mine: boolean; createdAt: string };

/**
 * Transfers → Approvals (issue 25): the business's threshold (owners set it) and the transfers
 * waiting for a second member. The requester sees theirs waiting but cannot approve it.
 */
export function Approvals({ threshold, pending, canDecide, stepUp }: { threshold: string; pending: Pending[]; canDecide: boolean; stepUp: boolean }) {
  const [value, setValue] = useState(threshold);
  const [deciding, setDeciding] = useState<{ item: Pending; decision: "approve" | "reject" } | null>(null);
  const [code, setCode] = useState("");
  const save = useToastAction(setApprovalThresholdAction, {
    success: (d) => (d?.threshold ? `Transfers above ${formatNaira(d.threshold)} now need a second member` : "Approval rule off"),
    refresh: true,
    error: false,
  });
  const decide = useToastAction(decideTransferApprovalAction, {
    success: (d) => (d?.status === "approved" ? "Approved and sent" : "Rejected: nothing was sent"),
    refresh: true,
    onSuccess: () => setDeciding(null),
    onError: () => setCode(""),
  });
  return (
    <Card className="space-y-4" data-testid="approvals">
      <CardTitle>Approvals</CardTitle>
      {canDecide ? (
        <Form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            save.execute({ threshold: value });
          }}
        >
          <div className="min-w-48 flex-1">
            <Field
              label="Transfers above this need a second member (₦)"
              htmlFor="approval-threshold"
              hint="Empty: no approval needed"
              error={firstError(save.result.validationErrors, "threshold")}
            >
              <Input
                id="approval-threshold"
                inputMode="decimal"
                value={value}
                onChange={(e) => setValue(e.target.value)}
                placeholder="e.g. 500,000"
                data-testid="approval-threshold"
              />
            </Field>
          </div>
          <Button type="submit" variant="secondary" disabled={save.isPending} data-testid="save-approval-threshold">
            Save
          </Button>
        </Form>
      ) : (
        <p className="text-sm text-neutral-600">{threshold ? `Transfers above ₦${threshold} need an owner's approval.` : "No approval rule is set."}</p>
      )}
      {pending.length === 0 ? (
        <p className="text-sm text-neutral-500" data-testid="approvals-empty">
          No transfer is waiting for approval.
        </p>
      ) : (
        <ul className="divide-y divide-neutral-100 dark:divide-neutral-800">
          {pending.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="approval-row">
              <div className="min-w-0 text-sm">
                <p>
                  <b>{formatNaira(p.amount)}</b> to {p.recipientName}
                </p>
                <p className="text-xs text-neutral-500">Asked by {p.mine ? "you" : p.requestedByEmail}</p>
              </div>
              {p.mine ? (
                <span className="text-xs text-neutral-500" data-testid="approval-own">
                  Another member must approve it
                </span>
              ) : canDecide ? (
                <div className="flex gap-2">
                  <Button size="sm" onClick={() => setDeciding({ item: p, decision: "approve" })} data-testid="approve-transfer">
                    Approve
                  </Button>
                  <Button size="sm" variant="danger" onClick={() => setDeciding({ item: p, decision: "reject" })} data-testid="reject-transfer">
                    Reject
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {deciding && (
        <Dialog
          open
          onClose={() => !decide.isPending && setDeciding(null)}
          title={deciding.decision === "approve" ? "Approve and send?" : "Reject this transfer?"}
        >
          <div className="space-y-4 text-sm">
            <p>
              {deciding.decision === "approve"
                ? `${formatNaira(deciding.item.amount)} (plus fees) leaves the wallet for ${deciding.item.recipientName} now.`
                : `Nothing is sent to ${deciding.item.recipientName}; ${deciding.item.requestedByEmail} sees it rejected.`}
            </p>
            {deciding.decision === "approve" && stepUp && (
              <Field label="Code from your authenticator app" htmlFor="approve-2fa">
                <Input
                  id="approve-2fa"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                  data-testid="approve-2fa-code"
                />
              </Field>
            )}
            <FieldError message={decide.result.serverError} />
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={() => setDeciding(null)} disabled={decide.isPending}>
                Cancel
              </Button>
              <Button
                variant={deciding.decision === "approve" ? "primary" : "danger"}
                disabled={decide.isPending}
                onClick={() => decide.execute({ id: deciding.item.id, decision: deciding.decision, twoFactorCode: code || undefined })}
                data-testid="confirm-transfer-decision"
              >
                {decide.isPending ? "Working…" : deciding.decision === "approve" ? `Send ${formatNaira(deciding.item.amount)}` : "Reject"}
              </Button>
            </div>
          </div>
        </Dialog>
      )}
    </Card>
  );
}
