"use client";

import { useAction } from "next-safe-action/hooks";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { fundWalletAction } from "@/app/(dashboard)/dashboard/home-actions";
import { Button } from "@/components/ui/button";
import { NairaInput } from "@/components/ui/naira-input";
import { formatNaira } from "@/lib/money";

/** Test mode: add sandbox money to the wallet. */
export function FundWalletForm() {
  const router = useRouter();
  const [naira, setNaira] = useState("");
  const { execute, isPending, result } = useAction(fundWalletAction, {
    onSuccess: ({ data }) => {
      if (data) toast.success(`Wallet funded. Balance ${formatNaira(data.available_balance)}`);
      setNaira("");
      router.refresh();
    },
    onError: ({ error }) => toast.error(error.serverError ?? "Could not fund the wallet"),
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
        {result.validationErrors && <p className="mt-1 text-xs text-red-600">Enter an amount in naira, e.g. 5000 or 5000.50</p>}
      </div>
      <Button type="submit" size="md" disabled={isPending || !naira} data-testid="fund-wallet">
        {isPending ? "Funding…" : "Fund wallet"}
      </Button>
    </form>
  );
}
