"use client";

import { useState } from "react";
import { BankAccountPanel } from "@/components/hosted/bank-account-panel";
import { Countdown } from "@/components/hosted/countdown";
import type { BankTransferDetails } from "@/lib/sessions/session-views";

/** The checkout's bank transfer: the account (shared hosted panel) and "Change bank" to another partner bank. */
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
    <BankAccountPanel
      account={{ bankName: details.bank_name, accountNumber: details.account_number, accountName: details.account_name }}
      amount={details.amount}
      exact
      expiry={
        <>
          This account is for this payment only and expires in <Countdown expiresAt={details.expires_at} serverNow={serverNow} onExpire={onExpire} />.
        </>
      }
    >
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
              <p className="text-xs text-neutral-500">
                Having trouble sending to {details.bank_name}? Get an account at another bank instead; this one will stop accepting payments.
              </p>
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
    </BankAccountPanel>
  );
}
