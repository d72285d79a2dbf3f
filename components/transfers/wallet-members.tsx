"use client";

import { useState } from "react";
import { addWalletMemberAction, removeWalletMemberAction } from "@/lib/actions/wallet";
import { firstError } from "@/components/ui/field-errors";
import { useToastAction } from "@/components/ui/use-toast-action";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/input";
import { NairaField, useNairaField } from "@/components/ui/naira-input";
import { formatNaira } from "@/lib/money";
import { DAILY_LIMIT_FIELD } from "@/lib/wallets/daily-limit-field";
import type { MemberView } from "@/lib/wallets/wallet-view";
import { Form } from "@/components/ui/form";

/** The wallet's members (saved recipients): add one by PayID, remove one. */
export function WalletMembers({ members, canEdit }: { members: MemberView[]; canEdit: boolean }) {
  const [payId, setPayId] = useState("");
  const [label, setLabel] = useState("");
  const limit = useNairaField(DAILY_LIMIT_FIELD);
  const add = useToastAction(addWalletMemberAction, {
    success: (data) => `@${data?.pay_id} saved as a recipient`,
    refresh: true,
    error: false,
    onSuccess: () => {
      setPayId("");
      setLabel("");
      limit.setText("");
    },
  });
  const remove = useToastAction(removeWalletMemberAction, { success: "Recipient removed", refresh: true, error: "The recipient could not be removed" });
  const errors = add.result.validationErrors;
  return (
    <div className="space-y-4">
      {members.length === 0 ? (
        <p className="text-sm text-neutral-500" data-testid="members-empty">
          No saved recipients yet.
        </p>
      ) : (
        <ul className="divide-y divide-neutral-200 dark:divide-neutral-800" data-testid="members-list">
          {members.map((m) => (
            <li key={m.pay_id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="member-row">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium">{m.label ?? m.name}</p>
                <p className="truncate text-xs text-neutral-500">
                  @{m.pay_id} · {m.name}
                  {m.daily_limit !== null ? ` · limit ${formatNaira(m.daily_limit)}/day` : ""}
                </p>
              </div>
              {canEdit && (
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={remove.isPending}
                  onClick={() => remove.execute({ payId: m.pay_id })}
                  aria-label={`Remove @${m.pay_id}`}
                >
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canEdit && (
        <Form
          className="grid gap-3 sm:grid-cols-3"
          data-testid="add-member-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (payId.trim() && !limit.problem) add.execute({ payId, label, dailyLimit: limit.text });
          }}
        >
          <Field label="PayID" htmlFor="member-pay-id" error={firstError(errors, "payId")}>
            <Input id="member-pay-id" value={payId} onChange={(e) => setPayId(e.target.value)} placeholder="@acme" data-testid="member-pay-id" />
          </Field>
          <Field label="Label (optional)" htmlFor="member-label" error={firstError(errors, "label")}>
            <Input
              id="member-label"
              maxLength={100}
              value={label}
              onChange={(e) => setLabel(e.target.value)}
              placeholder="Supplier"
              data-testid="member-label"
            />
          </Field>
          <NairaField
            field={limit}
            id="member-limit"
            label="Daily limit (₦, optional)"
            placeholder="No limit"
            error={firstError(errors, "dailyLimit")}
            testId="member-limit"
          />
          <div className="sm:col-span-3">
            <Button type="submit" disabled={add.isPending || !payId.trim()} data-testid="add-member">
              {add.isPending ? "Adding…" : "Add recipient"}
            </Button>
          </div>
        </Form>
      )}
    </div>
  );
}
