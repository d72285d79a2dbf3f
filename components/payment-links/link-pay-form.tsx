"use client";

import { Minus, Plus } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { startLinkPaymentAction } from "@/lib/actions/hosted";
import { actionErrorMessage } from "@/components/hosted/action-error";
import { AmountInput } from "@/components/hosted/amount-input";
import { Button } from "@/components/ui/button";
import { Input, Label, Textarea } from "@/components/ui/input";
import { checkNairaField, formatNaira } from "@/lib/money";
import { linkAmountRules } from "@/lib/payment-links/link-limits";
import { Form } from "@/components/ui/form";

const field = "h-11 text-base";

/**
 * The customer's side of a payment link: the amount (when they choose it, checked as typed by
 * lib/money.ts against the link's range), the quantity, who they are, then "Pay ₦…", which
 * starts a checkout session and opens the hosted checkout.
 */
export function LinkPayForm({
  slug,
  fixedAmount,
  minAmount,
  maxAmount,
  allowQuantity,
  maxQuantity,
  askPhone,
  askAddress,
}: {
  slug: string;
  fixedAmount: number | null;
  minAmount: number | null;
  maxAmount: number | null;
  allowQuantity: boolean;
  maxQuantity: number;
  askPhone: boolean;
  askAddress: boolean;
}) {
  const router = useRouter();
  const [amount, setAmount] = useState("");
  const [touched, setTouched] = useState(false);
  const [quantity, setQuantity] = useState(1);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const rules = linkAmountRules({ minAmount, maxAmount });
  const check = fixedAmount === null ? checkNairaField(amount, rules) : { kobo: fixedAmount, problem: null };
  const unit = check.kobo;
  const total = unit === null ? null : unit * quantity;
  const range = maxAmount === null ? `At least ${formatNaira(rules.minKobo)}` : `Between ${formatNaira(rules.minKobo)} and ${formatNaira(rules.maxKobo)}`;
  const amountNote = touched && check.problem ? check.problem : range;

  async function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setTouched(true);
    if (unit === null) {
      setError(check.problem ?? "Enter the amount you want to pay");
      return;
    }
    const form = new FormData(e.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "").trim();
    setBusy(true);
    setError(null);
    const r = await startLinkPaymentAction({
      slug,
      amount: fixedAmount === null ? amount : undefined,
      quantity,
      customer_name: text("customer_name"),
      email: text("email"),
      phone: askPhone ? text("phone") : undefined,
      address: askAddress ? text("address") : undefined,
    }).catch(() => undefined);
    if (r?.data) {
      router.push(`/pay/${r.data.sessionId}`);
      return; // stays busy while the checkout opens
    }
    setBusy(false);
    setError(actionErrorMessage(r));
  }

  return (
    <Form onSubmit={submit} className="space-y-4" noValidate data-testid="link-pay-form">
      {fixedAmount === null && (
        <div className="space-y-1.5">
          <AmountInput
            id="link-amount"
            label="Amount (₦)"
            value={amount}
            onValueChange={(t) => {
              setAmount(t);
              setError(null);
            }}
            note={amountNote}
            error={touched && check.problem !== null}
            testId="link-amount"
            noteTestId="link-amount-note"
          />
        </div>
      )}
      {allowQuantity && (
        <div className="space-y-1.5">
          <Label htmlFor="link-quantity">Quantity</Label>
          <div className="flex items-center gap-2">
            <Button
              type="button"
              variant="secondary"
              size="lg"
              className="w-11 px-0"
              aria-label="One less"
              disabled={quantity <= 1}
              onClick={() => setQuantity((q) => Math.max(1, q - 1))}
            >
              <Minus className="h-4 w-4" />
            </Button>
            <Input
              id="link-quantity"
              inputMode="numeric"
              className={`${field} w-20 text-center tabular-nums`}
              value={String(quantity)}
              onChange={(e) => {
                const n = Number(e.target.value.replace(/\D/g, ""));
                setQuantity(Math.min(maxQuantity, Math.max(1, Number.isFinite(n) ? n : 1)));
              }}
              data-testid="link-quantity"
            />
            <Button
              type="button"
              variant="secondary"
              size="lg"
              className="w-11 px-0"
              aria-label="One more"
              disabled={quantity >= maxQuantity}
              onClick={() => setQuantity((q) => Math.min(maxQuantity, q + 1))}
            >
              <Plus className="h-4 w-4" />
            </Button>
          </div>
        </div>
      )}
      <div className="space-y-1.5">
        <Label htmlFor="link-name">Your name</Label>
        <Input id="link-name" name="customer_name" autoComplete="name" required maxLength={255} className={field} data-testid="link-customer-name" />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="link-email">Email</Label>
        <Input id="link-email" name="email" type="email" autoComplete="email" required maxLength={254} className={field} data-testid="link-customer-email" />
        <p className="text-xs text-neutral-500">Your receipt goes here.</p>
      </div>
      {askPhone && (
        <div className="space-y-1.5">
          <Label htmlFor="link-phone">Phone number</Label>
          <Input id="link-phone" name="phone" type="tel" autoComplete="tel" required maxLength={32} className={field} data-testid="link-customer-phone" />
        </div>
      )}
      {askAddress && (
        <div className="space-y-1.5">
          <Label htmlFor="link-address">Delivery address</Label>
          <Textarea
            id="link-address"
            name="address"
            autoComplete="street-address"
            required
            maxLength={500}
            rows={2}
            className="text-base"
            data-testid="link-customer-address"
          />
        </div>
      )}
      {error && (
        <p role="status" className="rounded-md bg-red-50 p-2 text-sm text-red-800 dark:bg-red-950/40 dark:text-red-200" data-testid="link-pay-error">
          {error}
        </p>
      )}
      <Button type="submit" size="lg" className="w-full" disabled={busy} data-testid="link-pay">
        {busy ? "Opening checkout…" : total !== null ? `Pay ${formatNaira(total)}` : "Continue to pay"}
      </Button>
      {allowQuantity && unit !== null && quantity > 1 && (
        <p className="text-center text-xs text-neutral-500" data-testid="link-total-note">
          {quantity} × {formatNaira(unit)}
        </p>
      )}
    </Form>
  );
}
