"use client";

import { BankAccountPanel } from "@/components/hosted/bank-account-panel";
import { Countdown } from "@/components/hosted/countdown";
import { PayIdPanel } from "@/components/hosted/payid-panel";
import { CopyButton } from "@/components/ui/copy-button";
import type { InvoicePayDetails } from "@/lib/hosted/invoice-page-pay";
import { formatNaira, koboToNaira } from "@/lib/money";

type BankDetails = Extract<InvoicePayDetails, { channel: "bank_transfer" }>;
type PayIdDetails = Extract<InvoicePayDetails, { channel: "payid" }>;

/** The invoice's bank account (shared hosted panel); the amount is the one chosen above, null while none is valid. */
export function InvoiceBankPanel({
  details,
  amount,
  serverNow,
  onExpire,
}: {
  details: BankDetails;
  amount: number | null;
  serverNow: number;
  onExpire: () => void;
}) {
  return (
    <BankAccountPanel
      account={details}
      amount={amount}
      amountLabel="Amount to send"
      testIdPrefix="invoice-"
      className="space-y-3"
      expiry={
        details.expiresAt && (
          <>
            This account number is for this invoice only and works for <Countdown expiresAt={details.expiresAt} serverNow={serverNow} onExpire={onExpire} />{" "}
            more.
          </>
        )
      }
    />
  );
}

/** The invoice's PayID (shared hosted panel), with the amount to send and its copy button. */
export function InvoicePayIdPanel({
  details,
  amount,
  serverNow,
  onExpire,
}: {
  details: PayIdDetails;
  amount: number | null;
  serverNow: number;
  onExpire: () => void;
}) {
  return (
    <PayIdPanel
      payId={details.payId}
      qrSvg={details.qrSvg}
      amount={amount}
      testId="invoice-payid"
      className="space-y-3"
      expiry={
        <>
          This PayID is for this invoice only and works for <Countdown expiresAt={details.expiresAt} serverNow={serverNow} onExpire={onExpire} /> more.
        </>
      }
    >
      {amount !== null && (
        <div className="flex items-center justify-between gap-3 text-sm">
          <span className="text-neutral-600 dark:text-neutral-400">
            Amount to send{" "}
            <strong className="text-neutral-900 tabular-nums dark:text-neutral-100" data-testid="invoice-send-amount">
              {formatNaira(amount)}
            </strong>
          </span>
          <CopyButton value={koboToNaira(amount)} label="Copy amount" className="h-10 w-10 shrink-0" />
        </div>
      )}
    </PayIdPanel>
  );
}
