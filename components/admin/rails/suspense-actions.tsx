"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { assignSuspenseAction, returnSuspenseAction } from "@/app/(admin)/admin/rails/actions";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Input, Textarea } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { useToastAction } from "@/components/ui/use-toast-action";

type Bank = { bankCode: string; bankName: string };

const errorText = (error: { serverError?: string; validationErrors?: unknown }) => error.serverError ?? "Check the fields and try again.";

/**
 * An open suspense item's two ways out: assign it to a merchant (booked to its live wallet as a
 * payment) or return it to the payer (a payout through the rail that received it). Each asks
 * for confirmation restating the amount and where it goes.
 */
export function SuspenseActions({ id, amount, payer, banks }: { id: string; amount: string; payer: { name: string | null; account: string | null }; banks: Bank[] }) {
  const router = useRouter();
  const [open, setOpen] = useState<"assign" | "return" | null>(null);
  const [merchantId, setMerchantId] = useState("");
  const [note, setNote] = useState("");
  const [bankCode, setBankCode] = useState("");
  const [accountNumber, setAccountNumber] = useState(payer.account ?? "");
  const [accountName, setAccountName] = useState(payer.name ?? "");
  const done = () => {
    setOpen(null);
    router.refresh();
  };
  const assign = useToastAction(assignSuspenseAction, { success: (data) => data?.message ?? "Assigned", onSuccess: done, error: errorText });
  const giveBack = useToastAction(returnSuspenseAction, { success: (data) => data?.message ?? "Returned", onSuccess: done, error: errorText });
  const busy = assign.isPending || giveBack.isPending;

  return (
    <div className="flex flex-wrap justify-end gap-2 text-left">
      <Button size="sm" onClick={() => setOpen("assign")} disabled={busy} data-testid="assign-suspense">Assign to merchant</Button>
      <Button size="sm" variant="secondary" onClick={() => setOpen("return")} disabled={busy} data-testid="return-suspense">Return to payer</Button>

      <Dialog open={open === "assign"} onClose={() => setOpen(null)} title={`Assign ${amount} to a merchant?`}>
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            assign.execute({ id, merchantId, note });
          }}
        >
          <p className="text-sm">
            <b>{amount}</b> is booked to the merchant&apos;s <b>live wallet</b> as a payment (the usual collection fee applies, and the merchant&apos;s
            webhook hears <span className="font-mono">charge.success</span>).
          </p>
          <Field label="Merchant id" htmlFor={`assign-merchant-${id}`} hint="From the merchant's page under Merchants">
            <Input id={`assign-merchant-${id}`} value={merchantId} onChange={(e) => setMerchantId(e.target.value)} required data-testid="assign-merchant-id" />
          </Field>
          <Field label="Note (optional)" htmlFor={`assign-note-${id}`}>
            <Textarea id={`assign-note-${id}`} value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} rows={2} />
          </Field>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => setOpen(null)}>Cancel</Button>
            <Button type="submit" disabled={busy || merchantId.trim() === ""} data-testid="confirm-assign-suspense">{assign.isPending ? "Assigning…" : `Assign ${amount}`}</Button>
          </div>
        </form>
      </Dialog>

      <Dialog open={open === "return"} onClose={() => setOpen(null)} title={`Return ${amount} to the payer?`}>
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            giveBack.execute({ id, bankCode, accountNumber, accountName, note });
          }}
        >
          <p className="text-sm">
            <b>{amount}</b> is paid out through the rail that received it, to the account below. Check it against what the provider reported.
          </p>
          <Field label="Bank" htmlFor={`return-bank-${id}`}>
            <Select id={`return-bank-${id}`} value={bankCode} onChange={(e) => setBankCode(e.target.value)} required data-testid="return-bank">
              <option value="">Choose the payer&apos;s bank</option>
              {banks.map((b) => (
                <option key={b.bankCode} value={b.bankCode}>{b.bankName}</option>
              ))}
            </Select>
          </Field>
          <Field label="Account number" htmlFor={`return-account-${id}`}>
            <Input id={`return-account-${id}`} inputMode="numeric" value={accountNumber} onChange={(e) => setAccountNumber(e.target.value)} required pattern="\d{10}" data-testid="return-account-number" />
          </Field>
          <Field label="Account name" htmlFor={`return-name-${id}`}>
            <Input id={`return-name-${id}`} value={accountName} onChange={(e) => setAccountName(e.target.value)} required />
          </Field>
          <Field label="Note (optional)" htmlFor={`return-note-${id}`}>
            <Textarea id={`return-note-${id}`} value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} rows={2} />
          </Field>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => setOpen(null)}>Cancel</Button>
            <Button type="submit" disabled={busy || bankCode === ""} data-testid="confirm-return-suspense">{giveBack.isPending ? "Sending…" : `Return ${amount}`}</Button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}
