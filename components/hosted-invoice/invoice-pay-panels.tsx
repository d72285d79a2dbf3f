"use client";

import { Countdown } from "@/components/checkout/countdown";
import { QrCode } from "@/components/checkout/qr-code";
import { CopyButton } from "@/components/ui/copy-button";
import { DetailItem } from "@/components/checkout/detail-item";
import type { InvoicePayDetails } from "@/lib/hosted/invoice-page-pay";
import { formatNaira, koboToNaira } from "@/lib/money";

type BankDetails = Extract<InvoicePayDetails, { channel: "bank_transfer" }>;
type PayIdDetails = Extract<InvoicePayDetails, { channel: "payid" }>;

/** Bank transfer: the bank first (it varies per account), the number large, copy buttons, the time left. */
export function InvoiceBankPanel({ details, amount, serverNow, onExpire }: { details: BankDetails; amount: number | null; serverNow: number; onExpire: () => void }) {
  return (
    <div className="space-y-3">
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        {amount !== null ? (
          <>
            Transfer <strong className="text-neutral-900 dark:text-neutral-100">{formatNaira(amount)}</strong> from your bank app to this account.
          </>
        ) : (
          "Transfer the amount you want to pay from your bank app to this account."
        )}
      </p>
      <dl className="divide-y divide-neutral-100 rounded-lg bg-neutral-50 ring-1 ring-neutral-200 dark:divide-neutral-800 dark:bg-neutral-950 dark:ring-neutral-800">
        <DetailItem label="Bank">
          <span className="text-lg font-semibold break-words" data-testid="invoice-bank-name">{details.bankName}</span>
        </DetailItem>
        <DetailItem label="Account number" copy={{ value: details.accountNumber, label: "Copy account number" }}>
          <span className="font-mono text-2xl font-bold tracking-wider" data-testid="invoice-account-number">{details.accountNumber}</span>
        </DetailItem>
        <DetailItem label="Account name">
          <span className="font-medium break-words" data-testid="invoice-account-name">{details.accountName}</span>
        </DetailItem>
        {amount !== null && (
          <DetailItem label="Amount to send" copy={{ value: koboToNaira(amount), label: "Copy amount" }}>
            <span className="font-semibold tabular-nums" data-testid="invoice-send-amount">{formatNaira(amount)}</span>
          </DetailItem>
        )}
      </dl>
      {details.expiresAt && (
        <p className="text-sm text-neutral-600 dark:text-neutral-400">
          This account number is for this invoice only and works for <Countdown expiresAt={details.expiresAt} serverNow={serverNow} onExpire={onExpire} /> more.
        </p>
      )}
    </div>
  );
}

/** PayID: the handle to send to (copy), its QR code, the time left. */
export function InvoicePayIdPanel({ details, amount, serverNow, onExpire }: { details: PayIdDetails; amount: number | null; serverNow: number; onExpire: () => void }) {
  return (
    <div className="space-y-3">
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        Send {amount !== null ? <strong className="text-neutral-900 dark:text-neutral-100">{formatNaira(amount)}</strong> : "the amount you want to pay"} to this PayID from your wallet or bank app, or scan the code.
      </p>
      <div className="flex items-center justify-between gap-3 rounded-lg bg-neutral-50 px-3 py-2.5 ring-1 ring-neutral-200 dark:bg-neutral-950 dark:ring-neutral-800">
        <div className="min-w-0">
          <p className="text-xs text-neutral-500">PayID</p>
          <p className="font-mono text-xl font-bold break-all" data-testid="invoice-payid">{details.payId}</p>
        </div>
        <CopyButton value={details.payId} label="Copy PayID" className="h-10 w-10 shrink-0" />
      </div>
      <QrCode svg={details.qrSvg} label={`QR code for PayID ${details.payId}`} />
      {amount !== null && (
        <div className="flex items-center justify-between gap-3 text-sm">
          <span className="text-neutral-600 dark:text-neutral-400">
            Amount to send <strong className="text-neutral-900 tabular-nums dark:text-neutral-100" data-testid="invoice-send-amount">{formatNaira(amount)}</strong>
          </span>
          <CopyButton value={koboToNaira(amount)} label="Copy amount" className="h-10 w-10 shrink-0" />
        </div>
      )}
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        This PayID is for this invoice only and works for <Countdown expiresAt={details.expiresAt} serverNow={serverNow} onExpire={onExpire} /> more.
      </p>
    </div>
  );
}
