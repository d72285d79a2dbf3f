import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound } from "next/navigation";
import { KeyLimitsForm } from "@/components/admin/key-limits-form";
import { MerchantSuspensionControl } from "@/components/admin/merchant-suspension-control";
import { ModeActivity } from "@/components/admin/mode-activity";
import { ProductStateControl } from "@/components/admin/product-state-control";
import { SuspendAccountButton } from "@/components/admin/suspend-account-button";
import { StatusBadge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { DateTime } from "@/components/ui/date-time";
import { formatDateTime } from "@/components/ui/format-time";
import { TableScroll } from "@/components/ui/table-scroll";
import { getDb } from "@/db/client";
import type { StaticAccountState } from "@/db/schema";
import { getAdminMerchant } from "@/lib/admin/merchant-detail";
import { requireAdmin } from "@/lib/admin/require-admin";
import { formatNaira } from "@/lib/money";

export const metadata: Metadata = { title: "Merchant" };

export default async function AdminMerchantPage({ params }: { params: Promise<{ id: string }> }) {
  await requireAdmin();
  const { id } = await params;
  const detail = await getAdminMerchant(await getDb(), id);
  if (!detail) notFound();
  const { merchant, accounts, suspension } = detail;
  return (
    <div className="space-y-5">
      <Link href="/admin" className="text-sm text-accent hover:underline">
        ← Merchants
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="flex flex-wrap items-center gap-2 text-xl font-semibold">
            <span data-testid="admin-merchant-name">{merchant.name}</span>
            <span data-testid="admin-merchant-status">
              <StatusBadge status={suspension ? "suspended" : "active"} />
            </span>
          </h1>
          <p className="mt-1 flex items-center gap-1 font-mono text-xs text-neutral-600 wrap-anywhere dark:text-neutral-400">
            {merchant.id}
            <CopyButton value={merchant.id} label="Copy merchant id" />
          </p>
          <p className="text-sm text-neutral-600 wrap-anywhere dark:text-neutral-400">
            <span className="capitalize">{merchant.type}</span> · {detail.owners.length ? `Owner ${detail.owners.join(", ")}` : "No owner"} · since{" "}
            {formatDateTime(merchant.createdAt)}
          </p>
          <Link href={`/admin/merchants/${merchant.id}/audit`} className="text-sm text-accent hover:underline" data-testid="admin-merchant-audit">
            Audit log →
          </Link>
        </div>
        <div className="flex flex-col items-start gap-2 sm:items-end">
          <MerchantSuspensionControl merchantId={merchant.id} merchantName={merchant.name} suspended={Boolean(suspension)} />
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-sm">Static accounts</span>
            <span data-testid="admin-product-state">
              <StatusBadge status={merchant.staticAccounts} />
            </span>
            <ProductStateControl merchantId={merchant.id} merchantName={merchant.name} state={merchant.staticAccounts as StaticAccountState} />
          </div>
        </div>
      </div>
      {suspension && (
        <Card className="border-red-300 bg-red-50 text-sm text-red-900 dark:border-red-900 dark:bg-red-950/50 dark:text-red-100" data-testid="admin-suspension">
          <p className="font-medium">
            Suspended <DateTime at={suspension.at} />
            {suspension.by ? ` by ${suspension.by}` : ""}.
          </p>
          {suspension.reason && <p className="mt-1 wrap-anywhere">Reason: {suspension.reason}</p>}
          <p className="mt-1">Its API keys are refused (403 MERCHANT_SUSPENDED) and its dashboard cannot move money.</p>
        </Card>
      )}
      <section aria-labelledby="money-heading" className="space-y-3">
        <h2 id="money-heading" className="font-medium">
          Balances and activity
        </h2>
        <div className="grid gap-4 lg:grid-cols-2">
          <ModeActivity mode="live" activity={detail.modes.live} />
          <ModeActivity mode="test" activity={detail.modes.test} />
        </div>
      </section>
      {detail.openRefunds > 0 && (
        <Card className="text-sm">
          {detail.openRefunds} open refund{detail.openRefunds === 1 ? "" : "s"}:{" "}
          <Link href="/admin/refunds" className="text-accent hover:underline">
            review them
          </Link>
          .
        </Card>
      )}
      <Card className="p-0">
        <h2 className="border-b border-neutral-200 px-4 py-3 font-medium dark:border-neutral-800">API keys and rate limits</h2>
        {detail.keyPairs.length === 0 ? (
          <p className="px-4 py-6 text-sm text-neutral-500">This business has no API keys.</p>
        ) : (
          <ul className="divide-y divide-neutral-100 dark:divide-neutral-800" data-testid="admin-key-pairs">
            {detail.keyPairs.map((k) => (
              <li key={k.id} className="flex flex-wrap items-end justify-between gap-3 px-4 py-3">
                <div className="min-w-0 text-sm">
                  <div className="font-medium">
                    {k.name}{" "}
                    <span className="text-xs font-normal capitalize text-neutral-500">
                      {k.mode}
                      {k.revokedAt ? " · revoked" : ""}
                    </span>
                  </div>
                  <div className="font-mono text-xs text-neutral-600 wrap-anywhere dark:text-neutral-400" data-testid={`admin-key-hints-${k.id}`}>
                    <span title="Secret key (prefix and last four only)">{k.secretKeyHint}</span> ·{" "}
                    <span title="Public key (prefix only)">{k.publicKeyHint}</span>
                  </div>
                </div>
                <KeyLimitsForm keyPairId={k.id} rateLimit={k.rateLimit} initializeLimit={k.initializeLimit} />
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card className="p-0">
        <h2 className="border-b border-neutral-200 px-4 py-3 font-medium dark:border-neutral-800">Static NGN accounts</h2>
        {accounts.length === 0 ? (
          <p className="px-4 py-6 text-sm text-neutral-500">This business has no static accounts{merchant.staticAccounts === "enabled" ? " yet" : ""}.</p>
        ) : (
          <TableScroll label="Static NGN accounts">
            <table className="w-full text-left text-sm" data-testid="admin-static-accounts">
              <thead className="border-b border-neutral-200 text-xs uppercase text-neutral-500 dark:border-neutral-800">
                <tr>
                  <th className="px-4 py-2">Account</th>
                  <th className="px-4 py-2">Customer</th>
                  <th className="px-4 py-2">Mode</th>
                  <th className="px-4 py-2 text-right">Received</th>
                  <th className="px-4 py-2">Status</th>
                  <th className="px-4 py-2 text-right"></th>
                </tr>
              </thead>
              <tbody>
                {accounts.map((a) => (
                  <tr key={a.id} className="border-b border-neutral-100 last:border-0 dark:border-neutral-800">
                    <td className="px-4 py-2">
                      <span className="font-mono">{a.accountNumber}</span> <span className="text-neutral-500">{a.bankName}</span>
                      <div className="font-mono text-xs text-neutral-500">{a.id}</div>
                    </td>
                    <td className="px-4 py-2">
                      {a.customerName}
                      <div className="text-xs text-neutral-500">
                        {a.identityType.toUpperCase()} ••••{a.identityLast4}
                      </div>
                    </td>
                    <td className="px-4 py-2 capitalize">{a.mode}</td>
                    <td className="px-4 py-2 text-right tabular-nums">
                      {formatNaira(a.totalReceived)}
                      <div className="text-xs text-neutral-500">{a.inflowCount} payments</div>
                    </td>
                    <td className="px-4 py-2" data-testid={`account-status-${a.id}`}>
                      <StatusBadge status={a.status} />
                    </td>
                    <td className="px-4 py-2 text-right">
                      {(a.status === "active" || a.status === "disabled") && (
                        <SuspendAccountButton id={a.id} accountNumber={a.accountNumber} customerName={a.customerName} />
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </Card>
    </div>
  );
}
