"use client";
import { useState } from "react";
import { setMerchantSuspendedAction } from "@/lib/actions/admin/merchants";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { firstError } from "@/components/ui/field-errors";
import { Field, Textarea } from "@/components/ui/input";
import { useToastAction } from "@/components/ui/use-toast-action";
import { Form } from "@/components/ui/form";

/**
 * Suspend a merchant (or lift its suspension) after a confirmation that says what it does and
 * asks why: the reason is kept in the audit log with the admin who gave it.
 */
export function MerchantSuspensionControl({ merchantId, merchantName, suspended }: { merchantId: string; merchantName: string; suspended: boolean }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const change = useToastAction(setMerchantSuspendedAction, {
    success: (data) => (data?.suspended ? `${merchantName} is suspended` : `${merchantName} is active again`),
    error: false,
    refresh: true,
    onSuccess: () => {
      setOpen(false);
      setReason("");
    },
  });
  const verb = suspended ? "Lift suspension" : "Suspend merchant";
  const reasonError = firstError(change.result.validationErrors, "reason");
  return (
    <>
      <Button
        variant={suspended ? "secondary" : "danger"}
        size="sm"
        onClick={() => setOpen(true)}
        data-testid={suspended ? "unsuspend-merchant" : "suspend-merchant"}
      >
        {verb}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={suspended ? `Lift the suspension of ${merchantName}?` : `Suspend ${merchantName}?`}>
        <Form
          onSubmit={(e) => {
            e.preventDefault();
            change.execute({ merchantId, suspended: !suspended, reason });
          }}
          className="space-y-4"
        >
          <p className="text-sm">
            {suspended
              ? "Its API keys work again at once and its team can move money from the dashboard."
              : "Every API request with its keys (test and live) is refused with 403 MERCHANT_SUSPENDED, and its dashboard shows a notice and refuses transfers, wallet funding and refunds. Nothing is deleted: lifting the suspension restores everything."}
          </p>
          <Field label="Reason (kept in the audit log)" htmlFor="suspension-reason" error={reasonError}>
            <Textarea
              id="suspension-reason"
              name="reason"
              rows={3}
              required
              minLength={3}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              aria-invalid={reasonError ? true : undefined}
            />
          </Field>
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" variant={suspended ? "primary" : "danger"} disabled={change.isPending} data-testid="confirm-suspension">
              {change.isPending ? "Saving…" : verb}
            </Button>
          </div>
        </Form>
      </Dialog>
    </>
  );
}
