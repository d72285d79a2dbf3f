"use client";

import { useState } from "react";
import { requestPaymentRefundAction } from "@/lib/actions/refunds";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FieldError, firstError } from "@/components/ui/field-errors";
import { Field, Textarea } from "@/components/ui/input";
import { NairaField, useNairaField } from "@/components/ui/naira-input";
import { useToastAction } from "@/components/ui/use-toast-action";
import { formatNaira, koboToNaira } from "@/lib/money";
import { refundAmountField } from "@/lib/refunds/refund-field";
import { Form } from "@/components/ui/form";

/**
 * "Refund" on a payment's page: all or part of what is left to refund goes back to the payer
 * once the refund is approved (by Owo; in test mode by the merchant on the refund's page). The
 * amount starts at what is left; the confirmation says what is held from the wallet meanwhile:
 * the net for the whole payment (its fee comes back from Owo), exactly the amount for a part.
 * A static-account payment is refunded whole, held from settlement: no amount field.
 */
export function RefundPaymentButton({
  reference,
  amount,
  fee,
  remaining,
  payerName,
  fromSettlement,
  testMode,
}: {
  reference: string;
  amount: number;
  fee: number;
  /** Kobo still refundable (the payment less its refunds not rejected or failed). */
  remaining: number;
  payerName: string | null;
  fromSettlement: boolean;
  testMode: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const naira = useNairaField(refundAmountField(remaining), koboToNaira(remaining));
  const request = useToastAction(requestPaymentRefundAction, {
    success: (data) =>
      data?.created === false
        ? "A refund of this amount is already open for this payment"
        : testMode
          ? "Refund requested: approve or reject it on its page (test mode)"
          : "Refund requested: Owo will review it",
    refresh: true,
    onSuccess: () => setOpen(false),
    error: false,
  });
  const kobo = fromSettlement ? amount : naira.kobo;
  const whole = kobo === amount;
  const held = kobo === null ? null : whole ? amount - fee : kobo;
  const submit = () => {
    if (kobo === null) return;
    request.execute({ reference, reason: reason.trim() || null, ...(fromSettlement ? {} : { amount: naira.text }) });
  };
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)} data-testid="refund-payment">
        Refund
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Refund this payment">
        <Form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          {!fromSettlement && (
            <NairaField
              field={naira}
              id={`refund-amount-${reference}`}
              label="Amount to refund"
              hint={`Up to ${formatNaira(remaining)} of this ${formatNaira(amount)} payment is left to refund.`}
              error={firstError(request.result.validationErrors, "amount")}
              testId="payment-refund-amount"
              errorTestId="payment-refund-amount-error"
            />
          )}
          <p className="text-sm" data-testid="payment-refund-summary">
            {kobo === null ? (
              "Enter the amount to refund."
            ) : (
              <>
                {formatNaira(kobo)} goes back to {payerName ?? "the payer"} once the refund is approved{testMode ? " (in test mode, by you)" : " by Owo"}.{" "}
                {fromSettlement
                  ? "The payment is held from settlement while it is reviewed."
                  : whole
                    ? `${formatNaira(held!)} is held from your wallet now and comes back to it if the request is declined; the ${formatNaira(fee)} fee is returned by Owo.`
                    : `${formatNaira(held!)} is held from your wallet now and comes back to it if the request is declined; no fee is returned on a partial refund.`}
              </>
            )}
          </p>
          <Field label="Reason (optional)" htmlFor={`refund-reason-${reference}`} error={firstError(request.result.validationErrors, "reason")}>
            <Textarea
              id={`refund-reason-${reference}`}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              maxLength={500}
              rows={3}
              data-testid="payment-refund-reason"
            />
          </Field>
          <FieldError message={request.result.serverError} testId="payment-refund-error" />
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={request.isPending || kobo === null} data-testid="confirm-payment-refund">
              {request.isPending ? "Requesting…" : kobo === null ? "Refund" : `Refund ${formatNaira(kobo)}`}
            </Button>
          </div>
        </Form>
      </Dialog>
    </>
  );
}
