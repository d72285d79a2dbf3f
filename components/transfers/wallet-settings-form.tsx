"use client";

import { useState } from "react";
import { updateWalletSettingsAction } from "@/lib/actions/wallet";
import { firstError } from "@/components/ui/field-errors";
import { Button } from "@/components/ui/button";
import { NairaField, useNairaField } from "@/components/ui/naira-input";
import { useToastAction } from "@/components/ui/use-toast-action";
import { koboToNaira } from "@/lib/money";
import { DAILY_LIMIT_FIELD } from "@/lib/wallets/daily-limit-field";
import { Form } from "@/components/ui/form";

/** Members only and the daily limit (naira; empty for none). */
export function WalletSettingsForm({ membersOnly, dailyLimit, canEdit }: { membersOnly: boolean; dailyLimit: number | null; canEdit: boolean }) {
  const [only, setOnly] = useState(membersOnly);
  const limit = useNairaField(DAILY_LIMIT_FIELD, dailyLimit === null ? "" : koboToNaira(dailyLimit));
  const save = useToastAction(updateWalletSettingsAction, { success: "Wallet settings saved", refresh: true, error: false });
  return (
    <Form
      className="space-y-4"
      data-testid="wallet-settings-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!limit.problem) save.execute({ membersOnly: only, dailyLimit: limit.text });
      }}
    >
      <fieldset disabled={!canEdit} className="space-y-4">
        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 h-4 w-4 accent-[var(--color-accent)]"
            checked={only}
            onChange={(e) => setOnly(e.target.checked)}
            data-testid="members-only"
          />
          <span>
            <span className="font-medium">Pay members only</span>
            <span className="block text-neutral-500">
              PayID transfers go only to the saved recipients below, even with a leaked secret key. Bank transfers are not affected.
            </span>
          </span>
        </label>
        <NairaField
          field={limit}
          id="daily-limit"
          label="Daily limit (₦)"
          hint="Transfers out per day (Lagos time), amount plus fees. Leave empty for no limit."
          placeholder="No limit"
          error={firstError(save.result.validationErrors, "dailyLimit")}
          testId="daily-limit"
        />
        {canEdit && (
          <Button type="submit" disabled={save.isPending} data-testid="save-wallet-settings">
            {save.isPending ? "Saving…" : "Save settings"}
          </Button>
        )}
      </fieldset>
    </Form>
  );
}
