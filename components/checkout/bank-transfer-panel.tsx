"use client";

import { useState } from "react";
import { DetailItem } from "./detail-item";
import { formatNaira, koboToNaira } from "@/lib/money";
import type { BankTransferDetails } from "@/lib/sessions/session-views";
import { Countdown } from "./countdown";

/** Bank transfer: the bank first (it varies per account), the number large, copy buttons, the time left. */
export function BankTransferPanel({
  details,
  serverNow,
  busy,
  onSwitchBank,
  onExpire,
}: {
  details: BankTransferDetails;
  serverNow: number;
  busy: boolean;
  onSwitchBank: (provider: string) => Promise<boolean>;
  onExpire: () => void;
}) {
  const [choosing, setChoosing] = useState(false);
  const others = details.banks.filter((b) => !b.current);
  return (
    <div className="space-y-4">
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        Transfer <strong className="text-neutral-900 dark:text-neutral-100">exactly {formatNaira(details.amount)}</strong> from your bank app to this account.
      </p>
      <dl className="divide-y divide-neutral-100 rounded-lg bg-neutral-50 ring-1 ring-neutral-200 dark:divide-neutral-800 dark:bg-neutral-950 dark:ring-neutral-800">
        <DetailItem label="Bank">
          <span className="text-lg font-semibold" data-testid="bank-name">{details.bank_name}</span>
        </DetailItem>
        <DetailItem label="Account number" copy={{ value: details.account_number, label: "Copy account number" }}>
          <span className="font-mono text-2xl font-bold tracking-wider" data-testid="account-number">{details.account_number}</span>
        </DetailItem>
        <DetailItem label="Account name">
          <span className="font-medium break-words" data-testid="account-name">{details.account_name}</span>
        </DetailItem>
        <DetailItem label="Amount" copy={{ value: koboToNaira(details.amount), label: "Copy amount" }}>
          <span className="font-semibold tabular-nums">{formatNaira(details.amount)}</span>
        </DetailItem>
      </dl>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        This account is for this payment only and expires in <Countdown expiresAt={details.expires_at} serverNow={serverNow} onExpire={onExpire} />.
      </p>

      {others.length > 0 && (
        <div>
          <button
            type="button"
            className="text-sm font-medium text-accent underline-offset-2 hover:underline disabled:opacity-50"
            aria-expanded={choosing}
            onClick={() => setChoosing((v) => !v)}
            disabled={busy}
            data-testid="change-bank"
          >
            {choosing ? "Keep this bank" : "Change bank"}
          </button>
          {choosing && (
            <div className="mt-2 space-y-2" role="group" aria-label="Choose another bank">
              <p className="text-xs text-neutral-500">Having trouble sending to {details.bank_name}? Get an account at another bank instead; this one will stop accepting payments.</p>
              {details.banks.map((b) => (
                <button
                  key={b.provider}
                  type="button"
                  disabled={b.current || busy}
                  onClick={async () => {
                    if (await onSwitchBank(b.provider)) setChoosing(false);
                  }}
                  className="flex w-full items-center justify-between rounded-lg border border-neutral-200 bg-white px-3 py-2.5 text-left text-sm hover:border-accent disabled:cursor-default disabled:opacity-60 dark:border-neutral-700 dark:bg-neutral-900"
                  data-testid="bank-option"
                >
                  <span className="font-medium">{b.bank_name}</span>
                  {b.current ? <span className="text-xs text-neutral-500">Current</span> : <span className="text-xs text-accent">Use this bank</span>}
                </button>
              ))}
            </div>
          )}
        </div>
      )}
    </div>
  );
}
