import type { Metadata } from "next";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { getDb } from "@/db/client";
import { requireAdmin } from "@/lib/admin/require-admin";
import { auditLedger } from "@/lib/ledger/audit-ledger";
import { formatNaira } from "@/lib/money";

export const metadata: Metadata = { title: "Ledger audit" };
export const dynamic = "force-dynamic";

/** `owo ledger audit` on a page: every entry balances and every stored balance equals its postings. */
export default async function LedgerAuditPage() {
  await requireAdmin();
  const audit = await auditLedger(await getDb());
  const at = new Date();
  const row = (label: string, value: React.ReactNode, testId: string, bad = false) => (
    <>
      <dt className="text-neutral-500">{label}</dt>
      <dd className={bad ? "font-medium text-red-700" : "tabular-nums"} data-testid={testId}>
        {value}
      </dd>
    </>
  );
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold">Ledger audit</h1>
      <Card className={audit.ok ? "border-green-300 bg-green-50 dark:bg-green-950/30" : "border-red-300 bg-red-50 dark:bg-red-950/30"}>
        <p className="text-lg font-semibold" data-testid="ledger-audit-result">
          {audit.ok ? "Balanced: the ledger holds" : "Out of balance: investigate before moving more money"}
        </p>
        <p className="text-sm text-neutral-600">
          Checked <DateTime at={at} seconds /> in one consistent snapshot. Reload to check again.
        </p>
      </Card>
      <Card>
        <dl className="grid grid-cols-[14rem_1fr] gap-x-4 gap-y-2 text-sm">
          {row("Accounts", audit.accounts.toLocaleString("en-NG"), "ledger-accounts")}
          {row("Journal entries", audit.transactions.toLocaleString("en-NG"), "ledger-transactions")}
          {row("Sum of all postings", formatNaira(audit.imbalance), "ledger-imbalance", audit.imbalance !== 0)}
          {row("Entries that do not balance", audit.unbalancedEntries, "ledger-unbalanced", audit.unbalancedEntries !== 0)}
          {row("Balances that differ from their postings", audit.mismatchedAccounts, "ledger-mismatched", audit.mismatchedAccounts !== 0)}
        </dl>
      </Card>
      <p className="text-xs text-neutral-500">
        The same check as <span className="font-mono">npx owo ledger audit</span>.
      </p>
    </div>
  );
}
