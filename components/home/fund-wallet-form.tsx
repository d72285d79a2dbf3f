"use client";

import { fundWalletAction } from "@/lib/actions/home";
import { Button } from "@/components/ui/button";
import { firstError } from "@/components/ui/field-errors";
import { NairaField, useNairaField } from "@/components/ui/naira-input";
import { useToastAction } from "@/components/ui/use-toast-action";
import { formatNaira } from "@/lib/money";
import { FUND_WALLET_FIELD } from "@/lib/wallets/fund-wallet-limits";
import { Form } from "@/components/ui/form";

/** Test mode: add sandbox money to the wallet. */
export function FundWalletForm() {
  const amount = useNairaField(FUND_WALLET_FIELD);
  const { execute, isPending, result } = useToastAction(fundWalletAction, {
    success: (data) => data && `Wallet funded. Balance ${formatNaira(data.available_balance)}`,
    refresh: true,
    error: "Could not fund the wallet",
    onSuccess: () => amount.setText(""),
  });
  return (
    <Form
      className="mt-3 flex items-start gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (amount.kobo !== null) execute({ naira: amount.text });
      }}
    >
      <NairaField
        field={amount}
        id="fund-naira"
        label="Amount in naira"
        labelClassName="sr-only"
        className="flex-1 space-y-0"
        placeholder="50,000.00"
        error={firstError(result.validationErrors, "naira")}
        errorTestId="fund-wallet-error"
      />
      <Button type="submit" size="md" disabled={isPending || amount.kobo === null} data-testid="fund-wallet">
        {isPending ? "Funding…" : "Fund wallet"}
      </Button>
    </Form>
  );
}
