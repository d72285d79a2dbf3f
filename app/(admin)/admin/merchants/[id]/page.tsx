import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { KeyLimitsForm } from "@/components/admin/key-limits-form";
import { ProductStateControl } from "@/components/admin/product-state-control";
import { SuspendAccountButton } from "@/components/admin/suspend-account-button";
import { StatusBadge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { formatDateTime } from "@/components/ui/format-time";
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
  const { merchant, accounts } = detail;
  return (
    <div className="space-y-5">
      <Link href="/admin" className="text-sm text-accent hover:underline">← Merchants</Link>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-xl font-semibold" data-testid="admin-merchant-name">{merchant.name}</h1>
          <p className="mt-1 flex items-center gap-1 font-mono text-xs text-neutral-500">{merchant.id}<CopyButton value={merchant.id} label="Copy merchant id" /></p>
          <p className="text-sm text-neutral-600">{merchant.type} · {detail.owners.join(", ") || "no members"} · since {formatDateTime(merchant.createdAt)}</p>
          <Link href={`/admin/merchants/${merchant.id}/audit`} className="text-sm text-accent hover:underline" data-testid="admin-merchant-audit">Audit log →</Link>
        </div>
        <div className="flex items-center gap-3">
          <span className="text-sm">Static accounts</span>
          <span data-testid="admin-product-state"><StatusBadge status={merchant.staticAccounts} /></span>
          <ProductStateControl merchantId={merchant.id} merchantName={merchant.name} state={merchant.staticAccounts as StaticAccountState} />
        </div>
      </div>
      {detail.openRefunds > 0 && (
        <Card className="text-sm">
          {detail.openRefunds} open refund{detail.openRefunds === 1 ? "" : "s"}: <Link href="/admin/refunds" className="text-accent hover:underline">review them</Link>.
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
                  <div className="font-medium">{k.name} <span className="text-xs font-normal capitalize text-neutral-500">{k.mode}{k.revokedAt ? " · revoked" : ""}</span></div>
                  <div className="truncate font-mono text-xs text-neutral-500">{k.publicKey}</div>
                </div>
                <KeyLimitsForm keyPairId={k.id} rateLimit={k.rateLimit} initializeLimit={k.initializeLimit} />
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card className="overflow-x-auto p-0">
        <h2 className="border-b border-neutral-200 px-4 py-3 font-medium dark:border-neutral-800">Static NGN accounts</h2>
        {accounts.length === 0 ? (
          <p className="px-4 py-6 text-sm text-neutral-500">This business has no static accounts{merchant.staticAccounts === "enabled" ? " yet" : ""}.</p>
        ) : (
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
                  <td className="px-4 py-2">{a.customerName}<div className="text-xs text-neutral-500">{a.identityType.toUpperCase()} ••••{a.identityLast4}</div></td>
                  <td className="px-4 py-2 capitalize">{a.mode}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{formatNaira(a.totalReceived)}<div className="text-xs text-neutral-500">{a.inflowCount} payments</div></td>
                  <td className="px-4 py-2" data-testid={`account-status-${a.id}`}><StatusBadge status={a.status} /></td>
                  <td className="px-4 py-2 text-right">
                    {(a.status === "active" || a.status === "disabled") && <SuspendAccountButton id={a.id} accountNumber={a.accountNumber} customerName={a.customerName} />}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
    </div>
  );
}
