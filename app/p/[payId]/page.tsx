import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { getDb } from "@/db/client";
import type { Mode } from "@/db/schema";
import { Countdown } from "@/components/hosted/countdown";
import { HostedCard, HostedShell } from "@/components/hosted/hosted-shell";
import { getMerchantBrand } from "@/lib/merchants/merchant-brand";
import { PaySummary } from "@/components/hosted/pay-summary";
import { PayIdSimulate } from "@/components/checkout/payid-simulate";
import { PayIdHandle } from "@/components/hosted/payid-panel";
import { QrCode } from "@/components/hosted/qr-code";
import { LiveRefresh } from "@/components/hosted/live-refresh";
import { livePath, payIdLiveId } from "@/lib/hosted/live-keys";
import { StatusBadge } from "@/components/ui/badge";
import { payPageAmount, type PayPageAmount } from "@/lib/hosted/pay-page-amount";
import { getPayPagePayId, type PayPagePayId } from "@/lib/hosted/pay-page-payid";
import { qrSvg } from "@/lib/qr-svg";
import { payLink } from "@/lib/http/public-url";
import { requestBaseUrl } from "@/lib/http/request-base-url";
import { formatNaira, koboToNaira } from "@/lib/money";

type Props = { params: Promise<{ payId: string }>; searchParams: Promise<{ mode?: string | string[] }> };

function safeDecode(v: string): string {
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
}

const load = cache(async (payId: string, mode: Mode | undefined) => getPayPagePayId(await getDb(), { payId: safeDecode(payId), mode }));

async function read({ params, searchParams }: Props) {
  const [{ payId }, sp] = await Promise.all([params, searchParams]);
  const mode: Mode | undefined = sp.mode === "test" || sp.mode === "live" ? sp.mode : undefined;
  return { found: await load(payId, mode), mode, serverNow: Date.now() };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { found } = await read(props);
  return { title: found ? `Pay ${found.name}` : "PayID not found", robots: { index: false, follow: false } };
}

const CLOSED: Record<string, string> = {
  inactive: "This PayID is not accepting payments.",
  expired: "This PayID has expired and no longer accepts payments.",
  completed: "This PayID has already been paid.",
  deactivated: "This PayID was cancelled by its owner and no longer accepts payments.",
};

// GET /p/:payId – the PayID pay page behind qr_data and pay links (wallet, static and dynamic PayIDs)
export default async function PayIdPage(props: Props) {
  const { found, mode, serverNow } = await read(props);
  if (!found) notFound();
  const display = `@${found.payId}`;
  // A test PayID whose twin exists in live needs ?mode=test, or the link would open the live one.
  const link = payLink(await requestBaseUrl(), found.payId) + (found.mode === "test" && found.otherMode === "live" ? "?mode=test" : "");
  const qr = found.open ? await qrSvg(link) : null;
  const amount = payPageAmount(found);
  const brand = await getMerchantBrand(await getDb(), found.merchantId);

  return (
    <HostedShell testMode={found.mode === "test"} brand={brand}>
      <PaySummary merchantName={found.name} amount={found.amount} amountNote={amount.note} />
      <HostedCard className="space-y-4">
        <div>
          <div className="flex items-center justify-between gap-3">
            <p className="min-w-0 text-xs break-words text-neutral-500">PayID{found.name !== found.merchantName ? ` · ${found.merchantName}` : ""}</p>
            <StatusBadge status={found.open ? "active" : found.status === "active" ? "inactive" : found.status} label={found.open ? "Open" : "Closed"} />
          </div>
          <PayIdHandle payId={display} copy={found.open} className="mt-0.5" />
        </div>

        {found.open ? <OpenInstructions found={found} amount={amount} qr={qr} display={display} serverNow={serverNow} /> : <ClosedNotice found={found} />}
        {/* A one-off PayID completes on its payment: the page follows it and moves to paid by itself. */}
        {found.kind === "dynamic" && found.open && <LiveRefresh path={livePath("payid", payIdLiveId(found.mode, found.payId))} status={found.status} />}

        {found.session && (
          <p className="text-sm">
            <Link href={`/pay/${found.session.id}`} className="font-medium text-accent underline-offset-2 hover:underline" data-testid="back-to-checkout">
              {found.session.status === "active" ? "Back to checkout" : "View the checkout"}
            </Link>
          </p>
        )}

        {found.mode === "test" && (
          <PayIdSimulate payId={found.payId} mode={mode} defaultAmount={amount.sample === null ? "" : koboToNaira(amount.sample)} open={found.open} />
        )}
      </HostedCard>
    </HostedShell>
  );
}

function OpenInstructions({
  found,
  amount,
  qr,
  display,
  serverNow,
}: {
  found: PayPagePayId;
  amount: PayPageAmount;
  qr: string | null;
  display: string;
  serverNow: number;
}) {
  return (
    <>
      {qr && <QrCode svg={qr} label={`QR code for PayID ${display}`} />}
      <ol className="list-decimal space-y-1 pl-5 text-sm text-neutral-700 dark:text-neutral-300" data-testid="payid-instructions">
        <li>Open your bank or wallet app and choose to pay a PayID (or scan this code).</li>
        <li>
          Enter <span className="font-mono font-semibold">{display}</span> and check the name shows <strong>{found.name}</strong>.
        </li>
        <li>
          {found.amount !== null ? `Send ${amount.exact ? "exactly " : ""}${formatNaira(found.amount)}.` : "Enter the amount you want to pay and send it."}
        </li>
      </ol>
      {found.expiresAt && (
        <p className="text-sm text-neutral-600 dark:text-neutral-400">
          Expires in <Countdown expiresAt={found.expiresAt.toISOString()} serverNow={serverNow} />
        </p>
      )}
    </>
  );
}

function ClosedNotice({ found }: { found: PayPagePayId }) {
  if (found.status === "completed") {
    return (
      <p
        role="status"
        className="rounded-lg bg-green-50 p-3 text-sm text-green-900 ring-1 ring-green-200 dark:bg-green-950/40 dark:text-green-200 dark:ring-green-900"
        data-testid="payid-closed"
      >
        <span className="font-semibold" data-testid="payid-paid-notice">
          Paid.
        </span>{" "}
        {found.session ? "This checkout has already been paid." : "This PayID has already been paid."} No need to send anything more.
      </p>
    );
  }
  const text =
    found.session && found.session.status !== "active"
      ? found.session.status === "completed"
        ? "This checkout has already been paid."
        : `The checkout this PayID belongs to is ${found.session.status}.`
      : (CLOSED[found.status] ?? "This PayID is not accepting payments.");
  return (
    <p
      className="rounded-lg bg-neutral-50 p-3 text-sm text-neutral-700 ring-1 ring-neutral-200 dark:bg-neutral-950 dark:text-neutral-300 dark:ring-neutral-800"
      data-testid="payid-closed"
    >
      {text} Please do not send money to it.
    </p>
  );
}
