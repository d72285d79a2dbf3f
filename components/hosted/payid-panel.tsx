import type { ReactNode } from "react";
import { formatNaira } from "@/lib/money";
import { cn } from "@/components/ui/cn";
import { CopyButton } from "@/components/ui/copy-button";
import { QrCode } from "./qr-code";

/** A PayID as payers copy it: large, monospaced, with a copy button (none while it takes no money). */
export function PayIdHandle({
  payId,
  label,
  testId = "pay-id",
  copy = true,
  className,
}: {
  payId: string;
  label?: ReactNode;
  testId?: string;
  copy?: boolean;
  className?: string;
}) {
  return (
    <div className={cn("flex items-center justify-between gap-2", className)}>
      <div className="min-w-0">
        {label}
        <p className="font-mono text-xl font-bold break-all" data-testid={testId}>
          {payId}
        </p>
      </div>
      {copy && <CopyButton value={payId} label="Copy PayID" className="h-10 w-10 shrink-0" />}
    </div>
  );
}

/**
 * PayID on a hosted page (checkout, invoice): what to send, the PayID to send it to, its QR
 * code, anything the page adds (`children`), then how long it works. `amount` null: the payer
 * chooses.
 */
export function PayIdPanel({
  payId,
  qrSvg,
  amount,
  exact = false,
  expiry,
  testId,
  className,
  children,
}: {
  payId: string;
  qrSvg: string | null;
  amount: number | null;
  /** Say "exactly": the amount rule accepts nothing else. */
  exact?: boolean;
  /** The sentence about the time left (with its Countdown). */
  expiry: ReactNode;
  /** data-testid of the PayID text. */
  testId?: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className={cn("space-y-4", className)}>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        Send{" "}
        {amount !== null ? (
          <strong className="text-neutral-900 dark:text-neutral-100">
            {exact ? "exactly " : ""}
            {formatNaira(amount)}
          </strong>
        ) : (
          "the amount you want to pay"
        )}{" "}
        to this PayID from your wallet or bank app, or scan the code.
      </p>
      <PayIdHandle
        payId={payId}
        label={<p className="text-xs text-neutral-500">PayID</p>}
        testId={testId}
        className="gap-3 rounded-lg bg-neutral-50 px-3 py-2.5 ring-1 ring-neutral-200 dark:bg-neutral-950 dark:ring-neutral-800"
      />
      {qrSvg && <QrCode svg={qrSvg} label={`QR code for PayID ${payId}`} />}
      {children}
      <p className="text-sm text-neutral-600 dark:text-neutral-400">{expiry}</p>
    </div>
  );
}
