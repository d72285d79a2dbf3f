import QRCode from "qrcode";
import { CopyButton } from "@/components/ui/copy-button";

/**
 * The PayID's QR code (its pay link, as api.md's qr_data) rendered on the server as SVG, with
 * the link itself to copy and a download of the code for printing at a till.
 */
export async function PayIdQr({ link, payId }: { link: string; payId: string }) {
  const svg = await QRCode.toString(link, { type: "svg", margin: 1, errorCorrectionLevel: "M", color: { dark: "#000000", light: "#ffffff" } });
  return (
    <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start">
      <div
        role="img"
        aria-label={`QR code for ${payId}`}
        data-testid="payid-qr"
        className="h-44 w-44 shrink-0 rounded-md border border-neutral-200 bg-white p-1 [&>svg]:h-full [&>svg]:w-full"
        dangerouslySetInnerHTML={{ __html: svg }}
      />
      <div className="min-w-0 space-y-2 text-sm">
        <p className="text-neutral-500">Customers scan the code, or open the pay link, to pay this PayID.</p>
        <p className="flex items-center gap-1">
          <a href={link} target="_blank" rel="noreferrer" className="truncate font-mono text-xs text-accent hover:underline" data-testid="payid-pay-link">
            {link}
          </a>
          <CopyButton value={link} label="Copy pay link" />
        </p>
        <a
          href={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
          download={`${payId}.svg`}
          className="inline-flex h-8 items-center rounded-md border border-neutral-300 bg-white px-3 text-sm font-medium hover:bg-neutral-100 dark:border-neutral-700 dark:bg-neutral-900"
        >
          Download QR code
        </a>
      </div>
    </div>
  );
}
