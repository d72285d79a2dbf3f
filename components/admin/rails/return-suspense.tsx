"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { returnSuspenseAction } from "@/lib/actions/admin/rails";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { firstError } from "@/components/ui/field-errors";
import { Field, Input, Textarea } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { useToastAction } from "@/components/ui/use-toast-action";
import { NIGERIAN_BANKS } from "@/lib/bank/nigerian-banks";
import { Form } from "@/components/ui/form";

const TEN_DIGITS = /^\d{10}$/;

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, "");

/** The bank the provider reported for the payer (a code or a name, as each provider words it), when it is on the list. */
export function reportedBankCode(reported: string | null): string | null {
  if (!reported) return null;
  const byCode = NIGERIAN_BANKS.find((b) => b.bankCode === reported.trim());
  if (byCode) return byCode.bankCode;
  const name = squash(reported);
  if (!name) return null;
  const exact = NIGERIAN_BANKS.find((b) => squash(b.bankName) === name);
  if (exact) return exact.bankCode;
  const near = NIGERIAN_BANKS.filter((b) => squash(b.bankName).startsWith(name) || name.startsWith(squash(b.bankName)));
  return near.length === 1 ? near[0]!.bankCode : null;
}

/**
 * Return money in suspense to whoever paid it: a payout through the rail that received it, to
 * the account the admin confirms (prefilled with the payer as the provider reported them). The
 * confirm button restates the amount and the destination.
 */
export function ReturnSuspense({
  id,
  amount,
  rail,
  payer,
  disabled,
  action = returnSuspenseAction,
  proposal = false,
}: {
  id: string;
  amount: string;
  rail: string;
  /** Another command with the same input (the reconciliation queue proposes instead of returning). */
  action?: typeof returnSuspenseAction;
  /** Proposed for a second admin to confirm (the reconciliation queue): worded so. */
  proposal?: boolean;
  /** The payer as the provider reported them: prefills the form. */
  payer: { name: string | null; bank: string | null; account: string | null };
  disabled?: boolean;
}) {
  const router = useRouter();
  const uid = useId();
  const [open, setOpen] = useState(false);
  const [bankCode, setBankCode] = useState(() => reportedBankCode(payer.bank) ?? "");
  const [accountNumber, setAccountNumber] = useState(payer.account && TEN_DIGITS.test(payer.account) ? payer.account : "");
  const [accountName, setAccountName] = useState(payer.name ?? "");
  const [note, setNote] = useState("");
  const [touched, setTouched] = useState(false);
  const close = () => setOpen(false);
  const verb = proposal ? "Propose returning" : "Return";
  const giveBack = useToastAction(action, {
    success: (data) => data?.message ?? (proposal ? "Proposed: another admin confirms it" : "Returned to the payer"),
    onSuccess: () => {
      close();
      router.refresh();
    },
    error: "Check the fields marked in red",
  });

  const errors = giveBack.result.validationErrors;
  const bankName = NIGERIAN_BANKS.find((b) => b.bankCode === bankCode)?.bankName ?? null;
  const numberOk = TEN_DIGITS.test(accountNumber.trim());
  const numberError = touched && accountNumber.trim() !== "" && !numberOk ? "The account number is 10 digits" : firstError(errors, "accountNumber");
  const ready = bankName !== null && numberOk && accountName.trim() !== "";

  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)} disabled={disabled || giveBack.isPending} data-testid="return-suspense">
        {proposal ? "Return…" : "Return to payer"}
      </Button>
      <Dialog open={open} onClose={close} title="Return to the payer">
        <Form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            setTouched(true);
            if (ready) giveBack.execute({ id, bankCode, accountNumber: accountNumber.trim(), accountName: accountName.trim(), note: note.trim() || undefined });
          }}
        >
          <p className="text-sm">
            <b>{amount}</b> is paid out through {rail}, the rail that received it, to the account below{proposal ? ", once another admin confirms it" : ""}.
            Check it against what the provider reported
            {payer.name || payer.bank || payer.account ? (
              <>
                {" "}
                (<span data-testid="return-suspense-reported">{[payer.name, payer.bank, payer.account].filter(Boolean).join(" · ")}</span>)
              </>
            ) : null}
            .
          </p>
          <Field label="Bank" htmlFor={`${uid}-bank`} error={firstError(errors, "bankCode")}>
            <Select id={`${uid}-bank`} value={bankCode} onChange={(e) => setBankCode(e.target.value)} required className="w-full" data-testid="return-bank">
              <option value="">Choose the payer&apos;s bank</option>
              {NIGERIAN_BANKS.map((b) => (
                <option key={b.bankCode} value={b.bankCode}>
                  {b.bankName}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Account number" htmlFor={`${uid}-account`} error={numberError}>
            <Input
              id={`${uid}-account`}
              inputMode="numeric"
              autoComplete="off"
              maxLength={10}
              value={accountNumber}
              onChange={(e) => setAccountNumber(e.target.value.replace(/\s+/g, ""))}
              onBlur={() => setTouched(true)}
              required
              className="font-mono"
              data-testid="return-account-number"
            />
          </Field>
          <Field label="Account name" htmlFor={`${uid}-name`} error={firstError(errors, "accountName")}>
            <Input
              id={`${uid}-name`}
              value={accountName}
              onChange={(e) => setAccountName(e.target.value)}
              required
              maxLength={200}
              data-testid="return-account-name"
            />
          </Field>
          <Field label="Note (optional)" htmlFor={`${uid}-note`} hint="Kept with the item and in the audit log" error={firstError(errors, "note")}>
            <Textarea id={`${uid}-note`} value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} rows={2} data-testid="return-suspense-note" />
          </Field>
          {ready && (
            <p className="rounded-md bg-neutral-50 p-3 text-sm dark:bg-neutral-800/50" data-testid="return-suspense-summary">
              Send <b>{amount}</b> to <b>{accountName.trim()}</b>, <span className="font-mono">{accountNumber.trim()}</span> at {bankName}.
            </p>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button
              type="submit"
              disabled={!ready || giveBack.isPending}
              className="h-auto min-h-9 max-w-full py-1.5 text-center wrap-anywhere"
              data-testid="confirm-return-suspense"
            >
              {giveBack.isPending ? (proposal ? "Proposing…" : "Sending…") : ready ? `${verb} ${amount} to ${accountName.trim()}` : `${verb} ${amount}`}
            </Button>
          </div>
        </Form>
      </Dialog>
    </>
  );
}
