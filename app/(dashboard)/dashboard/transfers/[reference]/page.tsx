import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound, redirect } from "next/navigation";
import { AutoRefresh } from "@/components/ui/auto-refresh";
import { TransferStatus } from "@/components/transfers/transfer-status";
import { MoneyBreakdownCard } from "@/components/trail/money-breakdown-card";
import { TrailEventsCard } from "@/components/trail/record-trail-cards";
import { VerifyButton } from "@/components/transfers/verify-button";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { isAppError } from "@/lib/errors";
import { formatNaira } from "@/lib/money";
import { getTransferOrThrow } from "@/lib/transfers/get-transfer";
import { getTransferTrail } from "@/lib/transfers/transfer-trail";
import { transferWalletMoves } from "@/lib/transfers/transfer-wallet-moves";
import { formatDateTime } from "@/components/ui/format-time";

export const metadata: Metadata = { title: "Transfer" };

export default async function TransferPage({ params }: { params: Promise<{ reference: string }> }) {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/sign-in");
  const { reference } = await params;
  const transfer = await getTransferOrThrow(ctx.db, { ...ctx.scope, reference: decodeURIComponent(reference) }).catch((err) => {
    if (isAppError(err)) return null;
    throw err;
  });
  if (!transfer) notFound();
  const trail = await getTransferTrail(ctx.db, transfer);
  const total = transfer.amount + transfer.fee + transfer.vat + transfer.stampDuty;
  // A failed or reversed transfer's debit came back to the wallet: said from the ledger, not assumed.
  const moves = transferWalletMoves(transfer, trail.ledger);
  const returned = moves.returned > 0;
  const row = (label: string, value: React.ReactNode) => (
    <>
      <dt className="text-neutral-500">{label}</dt>
      <dd>{value}</dd>
    </>
  );
  return (
    <div className="space-y-5">
      <AutoRefresh active={transfer.status === "pending"} />
      <Link href="/dashboard/transfers" className="text-sm text-accent hover:underline">
        ← Transfers
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="text-2xl font-semibold tabular-nums" data-testid="transfer-amount">
            {formatNaira(transfer.amount)}
          </p>
          <div className="mt-1 flex items-center gap-2">
            <TransferStatus status={transfer.status} />
            <span className="text-sm text-neutral-600">to {transfer.recipientName}</span>
          </div>
        </div>
        {transfer.type === "bank_transfer" && transfer.status === "pending" && <VerifyButton reference={transfer.reference} />}
      </div>
      {returned && (
        <p
          className="rounded-md border border-green-300 bg-green-50 p-3 text-sm text-green-900 dark:border-green-800 dark:bg-green-950/40 dark:text-green-200"
          data-testid="transfer-returned"
        >
          The money came back: {formatNaira(moves.returned)} was returned to your wallet{moves.returnedAt ? ` on ${formatDateTime(moves.returnedAt)}` : ""}
          {moves.returned === moves.debited ? ", everything this transfer took, fees included." : "."}
        </p>
      )}
      <Card>
        <dl className="grid grid-cols-[10rem_1fr] gap-x-4 gap-y-2 text-sm">
          {row(
            "Reference",
            <span className="flex items-center gap-1 font-mono text-xs" data-testid="transfer-reference">
              {transfer.reference}
              <CopyButton value={transfer.reference} label="Copy reference" />
            </span>,
          )}
          {transfer.merchantReference && row("Your reference", <span className="font-mono text-xs">{transfer.merchantReference}</span>)}
          {row("Type", transfer.type === "payid" ? "PayID transfer" : "Bank transfer")}
          {row(
            "Recipient",
            transfer.type === "payid"
              ? transfer.recipientName
              : `${transfer.recipientName} · ${transfer.recipientBankName} · ${transfer.recipientAccountNumber}`,
          )}
          {transfer.narration && row("Narration", transfer.narration)}
          {transfer.failureReason && row("Failure reason", <span className="text-red-700">{transfer.failureReason}</span>)}
          {row("Created", formatDateTime(transfer.createdAt, { seconds: true }))}
          {transfer.completedAt && row("Completed", formatDateTime(transfer.completedAt, { seconds: true }))}
          {transfer.failedAt && row("Failed", formatDateTime(transfer.failedAt, { seconds: true }))}
        </dl>
      </Card>
      <MoneyBreakdownCard
        testId="transfer-breakdown"
        rows={[
          { label: "Amount sent", kobo: transfer.amount },
          { label: "Fee", kobo: transfer.fee },
          { label: "VAT", kobo: transfer.vat },
          { label: "Stamp duty", kobo: transfer.stampDuty },
          ...(returned
            ? [
                { label: "Total debited", kobo: total },
                { label: "Returned to your wallet", kobo: -moves.returned },
                { label: "Net from your wallet", kobo: total - moves.returned, total: true },
              ]
            : [{ label: "Total debited", kobo: total, total: true }]),
        ]}
      />
      <TrailEventsCard
        events={trail.events}
        testId="transfer-events"
        empty={transfer.status === "pending" ? "An event is sent when the bank decides." : "No webhook events (no key linked to this wallet)."}
      />
    </div>
  );
}
