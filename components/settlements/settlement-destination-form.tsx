"use client";

import { useAction } from "next-safe-action/hooks";
import { useEffect, useState } from "react";
import { setSettlementDestinationAction } from "@/lib/actions/settings";
import { resolveAccountAction } from "@/lib/actions/transfers";
import { firstError } from "@/components/ui/field-errors";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Field, Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { useToastAction } from "@/components/ui/use-toast-action";
import { Form } from "@/components/ui/form";

type Bank = { bankCode: string; bankName: string };
type Current =
  | { destination: "wallet"; walletPayId: string | null }
  | { destination: "bank_account"; bankCode: string; bankName: string | null; accountNumber: string; accountName: string };

/** Wallet or a bank account; the bank account's name comes from live name enquiry, as in "Send money". */
export function SettlementDestinationForm({ banks, current, canEdit }: { banks: Bank[]; current: Current; canEdit: boolean }) {
  const [destination, setDestination] = useState<Current["destination"]>(current.destination);
  const [bankCode, setBankCode] = useState(current.destination === "bank_account" ? current.bankCode : "");
  const [accountNumber, setAccountNumber] = useState(current.destination === "bank_account" ? current.accountNumber : "");
  const resolve = useAction(resolveAccountAction);
  const save = useToastAction(setSettlementDestinationAction, {
    success: (data) => (data?.destination === "bank_account" ? `Payouts now go to ${data.accountName}` : "Payouts now go to your wallet"),
    refresh: true,
    error: false,
  });
  const { execute: runResolve } = resolve;
  useEffect(() => {
    if (destination === "bank_account" && /^\d{10}$/.test(accountNumber) && bankCode) runResolve({ accountNumber, bankCode });
  }, [destination, accountNumber, bankCode, runResolve]);
  const name = resolve.result.data?.account_name;
  const unchanged =
    destination === current.destination &&
    (destination === "wallet" || (current.destination === "bank_account" && current.bankCode === bankCode && current.accountNumber === accountNumber));
  const ready = destination === "wallet" || (Boolean(name) && !resolve.isPending);
  const errors = save.result.validationErrors;

  return (
    <Form
      className="space-y-4"
      data-testid="settlement-destination-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!ready || !canEdit) return;
        save.execute(destination === "wallet" ? { destination } : { destination, bankCode, accountNumber });
      }}
    >
      <fieldset disabled={!canEdit} className="space-y-4">
        <div className="grid grid-cols-2 gap-2" role="radiogroup" aria-label="Pay settlements to">
          {(["wallet", "bank_account"] as const).map((d) => (
            <button
              key={d}
              type="button"
              role="radio"
              aria-checked={destination === d}
              onClick={() => setDestination(d)}
              className={cn(
                "rounded-md border px-3 py-2 text-sm",
                destination === d ? "border-accent bg-accent-soft/40 font-medium" : "border-neutral-300 dark:border-neutral-700",
              )}
              data-testid={`destination-${d}`}
            >
              {d === "wallet" ? `Wallet${current.destination === "wallet" && current.walletPayId ? ` (@${current.walletPayId})` : ""}` : "Bank account"}
            </button>
          ))}
        </div>
        {destination === "bank_account" && (
          <div className="space-y-4">
            <Field label="Bank" htmlFor="settle-bank" error={firstError(errors, "bankCode")}>
              <Select id="settle-bank" value={bankCode} onChange={(e) => setBankCode(e.target.value)} className="w-full" data-testid="settle-bank">
                <option value="">Choose a bank</option>
                {banks.map((b) => (
                  <option key={b.bankCode} value={b.bankCode}>
                    {b.bankName}
                  </option>
                ))}
              </Select>
            </Field>
            <Field
              label="Account number"
              htmlFor="settle-account"
              error={
                accountNumber.length > 0 && accountNumber.length < 10
                  ? "The account number must be 10 digits"
                  : (resolve.result.serverError ?? firstError(errors, "accountNumber"))
              }
            >
              <Input
                id="settle-account"
                inputMode="numeric"
                maxLength={10}
                value={accountNumber}
                onChange={(e) => setAccountNumber(e.target.value.replace(/\D/g, ""))}
                placeholder="0123456789"
                data-testid="settle-account"
              />
            </Field>
            {resolve.isPending && <p className="text-sm text-neutral-500">Checking the account…</p>}
            {name && !resolve.isPending && (
              <p className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-900" data-testid="settle-account-name">
                {name}
              </p>
            )}
          </div>
        )}
        {canEdit && (
          <Button type="submit" disabled={!ready || unchanged || save.isPending} data-testid="save-settlement-destination">
            {save.isPending
              ? "Saving…"
              : destination === "wallet"
                ? "Pay settlements to my wallet"
                : name
                  ? `Pay settlements to ${name}`
                  : "Pay settlements to this account"}
          </Button>
        )}
      </fieldset>
      {!canEdit && <p className="text-xs text-neutral-500">Only an owner can change where settlements are paid.</p>}
    </Form>
  );
}
