"use client";

import Link from "@/components/ui/link";
import { useState } from "react";
import { simulatePaymentAction } from "@/lib/actions/sandbox";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { firstError } from "@/components/ui/field-errors";
import { Field, Input } from "@/components/ui/input";
import { NairaInput } from "@/components/ui/naira-input";
import { useToastAction } from "@/components/ui/use-toast-action";
import { formatNaira } from "@/lib/money";
import type { SimulateTarget } from "@/lib/payments/dashboard-sandbox-payment";
import { Form } from "@/components/ui/form";

type Paid = { reference: string; amount: number; channel: string };

/**
 * Test mode: pay this record as a customer would, through the sandbox bank (the same command
 * as POST /v1/sandbox/payments). Amount in naira and the payer's name; the page refreshes to
 * show the payment, and a link to it stays here.
 */
export function SimulatePaymentForm({ target, id, suggestedNaira }: { target: SimulateTarget; id: string; suggestedNaira?: string }) {
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState(suggestedNaira ?? "");
  const [payerName, setPayerName] = useState("Test Payer");
  const [paid, setPaid] = useState<Paid | null>(null);
  const simulate = useToastAction(simulatePaymentAction, {
    success: (data) => data && `Payment of ${formatNaira(data.amount)} received`,
    refresh: true,
    error: false,
    onSuccess: ({ data }) => {
      if (data) setPaid(data);
      setOpen(false);
    },
  });
  const errors = simulate.result.validationErrors;
  const fieldId = `simulate-${target}`;
  return (
    <section
      aria-label="Sandbox"
      className="rounded-lg border border-dashed border-amber-400 bg-amber-50/60 p-4 text-sm dark:border-amber-700 dark:bg-amber-950/20"
      data-testid="sandbox-panel"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="min-w-0 text-amber-950 dark:text-amber-100">
          <span className="font-medium">Test mode:</span> pay this as a customer would, with test money.
        </p>
        <Button size="sm" variant="secondary" onClick={() => setOpen(true)} data-testid="simulate-payment">
          Simulate a payment
        </Button>
      </div>
      {paid && (
        <p className="mt-2 break-words text-amber-950 dark:text-amber-100" data-testid="simulated-payment" role="status">
          Received {formatNaira(paid.amount)}:{" "}
          <Link href={`/dashboard/payments/${encodeURIComponent(paid.reference)}`} className="font-mono text-xs text-accent underline">
            {paid.reference}
          </Link>
        </p>
      )}
      <Dialog open={open} onClose={() => setOpen(false)} title="Simulate a payment">
        <Form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            simulate.execute({ target, id, amount, payerName: payerName.trim() || undefined });
          }}
        >
          <p className="text-sm text-neutral-600 dark:text-neutral-400">
            The sandbox bank pays it: the money, webhooks and records are exactly as for a real payment, in test mode.
          </p>
          <Field label="Amount (₦)" htmlFor={`${fieldId}-amount`} error={firstError(errors, "amount")}>
            <NairaInput id={`${fieldId}-amount`} value={amount} onValueChange={setAmount} placeholder="5,000.00" required data-testid="simulate-amount" />
          </Field>
          <Field label="Payer's name" htmlFor={`${fieldId}-payer`} error={firstError(errors, "payerName")}>
            <Input
              id={`${fieldId}-payer`}
              value={payerName}
              onChange={(e) => setPayerName(e.target.value)}
              maxLength={200}
              autoComplete="off"
              data-testid="simulate-payer"
            />
          </Field>
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={simulate.isPending || !amount.trim()} data-testid="confirm-simulate">
              {simulate.isPending ? "Paying…" : "Pay"}
            </Button>
          </div>
        </Form>
      </Dialog>
    </section>
  );
}
