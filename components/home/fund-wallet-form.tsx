"use client";

import { useState } from "react";
import { fundWalletAction } from "@/app/(dashboard)/dashboard/home-actions";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-errors";
import { NairaInput } from "@/components/ui/naira-input";
import { useToastAction } from "@/components/ui/use-toast-action";
import { formatNaira } from "@/lib/money";

/** Test mode: add sandbox money to the wallet. */
export function FundWalletForm() {
  const [naira, setNaira] = useState("");
  const { execute, isPending, result } = useToastAction(fundWalletAction, {
    success: (data) => data && `Wallet funded. Balance ${formatNaira(data.available_balance)}`,
    refresh: true,
    error: "Could not fund the wallet",
    onSuccess: () => setNaira(""),
  });
  return (
    <form
      className="mt-3 flex items-start gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        execute({ naira });
      }}
    >
      <div className="flex-1">
        <label htmlFor="fund-naira" className="sr-only">Amount in naira</label>
        <div className="relative">
          <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-neutral-500">₦</span>
          <NairaInput id="fund-naira" placeholder="50,000.00" className="pl-7" value={naira} onValueChange={setNaira} />
        </div>
        <FieldError message={result.validationErrors ? "Enter an amount in naira, e.g. 5000 or 5000.50" : null} className="mt-1" />
      </div>
      <Button type="submit" size="md" disabled={isPending || !naira} data-testid="fund-wallet">
        {isPending ? "Funding…" : "Fund wallet"}
      </Button>
    </form>
  );
}
