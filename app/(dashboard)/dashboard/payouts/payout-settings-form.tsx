"use client";

import { useAction } from "next-safe-action/hooks";
import { useEffect, useState } from "react";
import { resolveAccountAction } from "@/lib/actions/transfers";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { FieldError } from "@/components/ui/field-errors";
import { Field, Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { useToastAction } from "@/components/ui/use-toast-action";
import { savePayoutSettingsAction } from "./actions";
import { Form } from "@/components/ui/form";

type Current = {
  bankCode: string;
  accountNumber: string;
  accountName: string;
  schedule: "daily" | "weekly" | "manual";
  hour: number;
  weekday: number;
  reserve: string;
} | null;
const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** The payout account (its name from name enquiry, as in "Send money"), when to pay out, and what to keep. */
export function PayoutSettingsForm({ banks, current, canEdit }: { banks: { bankCode: string; bankName: string }[]; current: Current; canEdit: boolean }) {
  const [bankCode, setBankCode] = useState(current?.bankCode ?? "");
  const [accountNumber, setAccountNumber] = useState(current?.accountNumber ?? "");
  const [schedule, setSchedule] = useState<"daily" | "weekly" | "manual">(current?.schedule ?? "daily");
  const [hour, setHour] = useState(String(current?.hour ?? 10));
  const [weekday, setWeekday] = useState(String(current?.weekday ?? 1));
  const [reserve, setReserve] = useState(current?.reserve ?? "");
  const resolve = useAction(resolveAccountAction);
  const { execute: runResolve } = resolve;
  const sameAccount = current && current.bankCode === bankCode && current.accountNumber === accountNumber;
  useEffect(() => {
    if (!sameAccount && bankCode && /^\d{10}$/.test(accountNumber)) runResolve({ bankCode, accountNumber });
  }, [sameAccount, bankCode, accountNumber, runResolve]);
  const name = sameAccount ? current.accountName : resolve.result.data?.account_name;
  const save = useToastAction(savePayoutSettingsAction, { success: (d) => (d ? `Payouts go to ${d.accountName}` : undefined), refresh: true, error: false });
  return (
    <Form
      className="space-y-4"
      data-testid="payout-settings-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (name) save.execute({ bankCode, accountNumber, schedule, hour: Number(hour), weekday: Number(weekday), reserve });
      }}
    >
      <fieldset disabled={!canEdit} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Bank" htmlFor="payout-bank">
            <Select id="payout-bank" value={bankCode} onChange={(e) => setBankCode(e.target.value)} className="w-full" data-testid="payout-bank">
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
            htmlFor="payout-account"
            error={accountNumber.length > 0 && accountNumber.length < 10 ? "An account number has 10 digits" : resolve.result.serverError}
          >
            <Input
              id="payout-account"
              inputMode="numeric"
              maxLength={10}
              value={accountNumber}
              onChange={(e) => setAccountNumber(e.target.value.replace(/\D/g, ""))}
              placeholder="0123456789"
              data-testid="payout-account"
            />
          </Field>
        </div>
        {resolve.isPending && <p className="text-sm text-neutral-500">Checking the account…</p>}
        {name && !resolve.isPending && (
          <p className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-900" data-testid="payout-account-name">
            {name}
          </p>
        )}
        <div className="grid grid-cols-3 gap-2" role="radiogroup" aria-label="When to pay out">
          {(["daily", "weekly", "manual"] as const).map((s) => (
            <button
              key={s}
              type="button"
              role="radio"
              aria-checked={schedule === s}
              onClick={() => setSchedule(s)}
              className={cn(
                "rounded-md border px-3 py-2 text-sm",
                schedule === s ? "border-accent bg-accent-soft/40 font-medium" : "border-neutral-300 dark:border-neutral-700",
              )}
              data-testid={`payout-schedule-${s}`}
            >
              {s === "daily" ? "Daily" : s === "weekly" ? "Weekly" : "Manual"}
            </button>
          ))}
        </div>
        {schedule !== "manual" && (
          <div className="grid gap-4 sm:grid-cols-2">
            {schedule === "weekly" && (
              <Field label="Day" htmlFor="payout-weekday">
                <Select id="payout-weekday" value={weekday} onChange={(e) => setWeekday(e.target.value)} className="w-full" data-testid="payout-weekday">
                  {WEEKDAYS.map((d, i) => (
                    <option key={d} value={String(i + 1)}>
                      {d}
                    </option>
                  ))}
                </Select>
              </Field>
            )}
            <Field label="Time (Lagos)" htmlFor="payout-hour">
              <Select id="payout-hour" value={hour} onChange={(e) => setHour(e.target.value)} className="w-full" data-testid="payout-hour">
                {Array.from({ length: 24 }, (_, h) => (
                  <option key={h} value={String(h)}>{`${String(h).padStart(2, "0")}:00`}</option>
                ))}
              </Select>
            </Field>
          </div>
        )}
        <Field label="Keep in the wallet (reserve)" htmlFor="payout-reserve" hint="In naira; leave empty to pay out everything that is available">
          <Input
            id="payout-reserve"
            inputMode="decimal"
            value={reserve}
            onChange={(e) => setReserve(e.target.value)}
            placeholder="0.00"
            data-testid="payout-reserve"
          />
        </Field>
        <FieldError message={save.result.serverError} testId="payout-settings-error" />
        {canEdit && (
          <Button type="submit" disabled={!name || resolve.isPending || save.isPending} data-testid="save-payout-settings">
            {save.isPending ? "Saving…" : "Save payout settings"}
          </Button>
        )}
      </fieldset>
      {!canEdit && <p className="text-xs text-neutral-500">Only an owner can change where and when payouts go.</p>}
    </Form>
  );
}
