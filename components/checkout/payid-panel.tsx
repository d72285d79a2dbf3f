"use client";

import { CopyButton } from "@/components/ui/copy-button";
import { formatNaira } from "@/lib/money";
import type { PayIdDetails } from "@/lib/sessions/session-views";
import { Countdown } from "./countdown";
import { QrCode } from "./qr-code";

/** PayID: the PayID to send to, its QR code (the pay link), the time left. */
export function PayIdPanel({ details, qrSvg, serverNow, onExpire }: { details: PayIdDetails; qrSvg: string | null; serverNow: number; onExpire: () => void }) {
  return (
    <div className="space-y-4">
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        Send <strong className="text-neutral-900 dark:text-neutral-100">exactly {formatNaira(details.amount)}</strong> to this PayID from your wallet or bank app, or scan the code.
      </p>
      <div className="flex items-center justify-between gap-3 rounded-lg bg-neutral-50 px-3 py-2.5 ring-1 ring-neutral-200 dark:bg-neutral-950 dark:ring-neutral-800">
        <div className="min-w-0">
          <p className="text-xs text-neutral-500">PayID</p>
          <p className="font-mono text-xl font-bold break-all" data-testid="pay-id">{details.pay_id}</p>
        </div>
        <CopyButton value={details.pay_id} label="Copy PayID" className="h-10 w-10 shrink-0" />
      </div>
      {qrSvg && <QrCode svg={qrSvg} label={`QR code for PayID ${details.pay_id}`} />}
      <p className="text-center text-sm">
        <a href={details.qr_data} className="font-medium text-accent underline-offset-2 hover:underline" data-testid="pay-link">
          Open the pay link
        </a>
      </p>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        This PayID is for this payment only and expires in <Countdown expiresAt={details.expires_at} serverNow={serverNow} onExpire={onExpire} />.
      </p>
    </div>
  );
}
