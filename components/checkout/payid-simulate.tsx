"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { simulatePayIdPaymentAction } from "@/lib/actions/hosted";
import { AmountInput } from "@/components/hosted/amount-input";
import { Button } from "@/components/ui/button";
import { formatNaira } from "@/lib/money";
import { actionErrorMessage } from "@/components/hosted/action-error";
import { SimulateBox } from "@/components/hosted/simulate-box";
import { Form } from "@/components/ui/form";

/**
 * Test mode: pay this PayID through the sandbox bank with any amount (pre-filled with the
 * PayID's own). Stays mounted after the page refreshes, so the receipt survives a PayID that
 * closes on its first payment.
 */
export function PayIdSimulate({ payId, mode, defaultAmount, open }: { payId: string; mode?: "test" | "live"; defaultAmount: string; open: boolean }) {
  const router = useRouter();
  const [amount, setAmount] = useState(defaultAmount);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [paid, setPaid] = useState<{ reference: string; amount: number } | null>(null);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const r = await simulatePayIdPaymentAction({ payId, mode, amount }).catch(() => undefined);
    setBusy(false);
    if (r?.data) {
      setPaid({ reference: r.data.reference, amount: r.data.amount });
      toast.success("Payment received");
      router.refresh();
    } else setError(actionErrorMessage(r));
  }

  return (
    <div className="space-y-3">
      {paid && (
        <div
          className="rounded-lg bg-green-50 p-3 text-sm text-green-900 ring-1 ring-green-200 dark:bg-green-950/40 dark:text-green-200 dark:ring-green-900"
          data-testid="payid-paid"
          aria-live="polite"
        >
          <p className="font-semibold">Payment of {formatNaira(paid.amount)} received</p>
          <p className="mt-0.5 text-xs">
            Reference{" "}
            <span className="font-mono" data-testid="payment-reference">
              {paid.reference}
            </span>
          </p>
        </div>
      )}
      {open && (
        <SimulateBox hint="Pays this PayID from the sandbox bank; no real money moves.">
          <Form onSubmit={submit} className="space-y-2" noValidate>
            <AmountInput
              id="simulate-amount"
              label="Amount (₦)"
              labelClassName="text-amber-950 dark:text-amber-100"
              value={amount}
              onValueChange={setAmount}
              note={error}
              error={error !== null}
              noteId="simulate-error"
              noteClassName="text-sm"
              noteTestId="simulate-error"
            />
            <Button type="submit" variant="secondary" className="w-full" disabled={busy} data-testid="simulate-payment">
              {busy ? "Paying…" : "Simulate payment"}
            </Button>
          </Form>
        </SimulateBox>
      )}
    </div>
  );
}
