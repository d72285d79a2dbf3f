import type { Metadata } from "next";
import { SuspenseActions } from "@/components/admin/rails/suspense-actions";
import { StatusBadge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { DateTime } from "@/components/ui/date-time";
import { ListHead, ListTable, Row, Th } from "@/components/ui/list-table";
import { getDb } from "@/db/client";
import { requireAdmin } from "@/lib/admin/require-admin";
import { NIGERIAN_BANKS } from "@/lib/bank/nigerian-banks";
import { formatNaira } from "@/lib/money";
import { railsOverview, type RailOverview } from "@/lib/rail-inbound/rails-overview";
import { listSuspense } from "@/lib/rail-inbound/suspense";
import type { RailCapabilities } from "@/lib/rails/rail";

export const metadata: Metadata = { title: "Rails" };
export const dynamic = "force-dynamic";

const RAIL_NAMES: Record<string, string> = { sandbox: "Sandbox (simulated)", paystack: "Paystack", monnify: "Monnify", flutterwave: "Flutterwave" };
const CAPABILITY_WORDS: Record<keyof RailCapabilities, string> = {
  staticAccounts: "static accounts",
  virtualAccounts: "one-off accounts",
  retireAccounts: "closing accounts early",
  nameEnquiry: "name enquiry",
  transfers: "payouts",
  refunds: "refunds",
  identityCheck: "BVN/NIN checks",
  balance: "balance",
};
const ORDINALS = ["1st", "2nd", "3rd", "4th"];

/** Supplement §11: each rail, what it holds beside what the ledger says, and money that matched nothing. */
export default async function RailsPage() {
  await requireAdmin();
  const db = await getDb();
  const [rails, suspense] = await Promise.all([railsOverview(db), listSuspense(db)]);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-xl font-semibold">Rails</h1>
        <p className="text-sm text-neutral-500">Where live money sits and moves. The provider&apos;s balance is read from its API now; the ledger&apos;s is what Owo has booked.</p>
      </div>
      {rails.length === 0 ? (
        <Card className="space-y-2 border-red-300 bg-red-50 text-sm dark:bg-red-950/30" data-testid="rails-none">
          <p className="font-semibold">Live mode has no payment rail.</p>
          <p>Live bank operations (accounts, name enquiry, payouts, refunds to a bank) answer 503 RAIL_UNAVAILABLE until one is configured. Set <span className="font-mono">OWO_RAILS</span> and the provider&apos;s keys: README, &ldquo;Going live&rdquo;.</p>
        </Card>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          {rails.map((r) => (
            <RailCard key={r.name} rail={r} />
          ))}
        </div>
      )}
      <section className="space-y-2" aria-labelledby="suspense-heading">
        <h2 id="suspense-heading" className="text-lg font-semibold">Suspense</h2>
        <p className="text-sm text-neutral-500">Money a rail received for no known account, or that the account refused. Nothing is dropped: assign it to a merchant or return it to the payer.</p>
        {suspense.length === 0 ? (
          <Card className="py-8 text-center text-sm text-neutral-500" data-testid="suspense-empty">No unmatched money.</Card>
        ) : (
          <ListTable testId="suspense-list">
            <ListHead>
              <Th>Received</Th>
              <Th>Rail</Th>
              <Th>Payer</Th>
              <Th>Paid into</Th>
              <Th right>Amount</Th>
              <Th>Status</Th>
              <Th />
            </ListHead>
            <tbody>
              {suspense.map((s) => (
                <Row key={s.id} data-testid="suspense-row">
                  <td className="px-4 py-2 whitespace-nowrap"><DateTime at={s.receivedAt} /></td>
                  <td className="px-4 py-2">{RAIL_NAMES[s.rail] ?? s.rail}</td>
                  <td className="px-4 py-2">
                    {s.payer?.name ?? "—"}
                    <div className="text-xs text-neutral-500">{[s.payer?.bank, s.payer?.account].filter(Boolean).join(" · ")}</div>
                  </td>
                  <td className="px-4 py-2">
                    <span className="font-mono">{s.accountNumber ?? "—"}</span>
                    <div className="text-xs text-neutral-500">{s.reason}</div>
                  </td>
                  <td className="px-4 py-2 text-right font-medium tabular-nums">{formatNaira(s.amount)}</td>
                  <td className="px-4 py-2">
                    <StatusBadge status={s.status === "open" ? "pending" : "completed"} label={s.status === "open" ? "Open" : s.status === "assigned" ? `Assigned${s.merchantName ? ` to ${s.merchantName}` : ""}` : "Returned"} />
                  </td>
                  <td className="px-4 py-2">
                    {s.status === "open" && <SuspenseActions id={s.id} amount={formatNaira(s.amount)} payer={{ name: s.payer?.name ?? null, account: s.payer?.account ?? null }} banks={[...NIGERIAN_BANKS]} />}
                  </td>
                </Row>
              ))}
            </tbody>
          </ListTable>
        )}
      </section>
    </div>
  );
}

function RailCard({ rail: r }: { rail: RailOverview }) {
  const difference = r.providerBalance === null ? null : r.providerBalance - r.ledgerBalance;
  const can = (Object.keys(CAPABILITY_WORDS) as (keyof RailCapabilities)[]).filter((c) => r.capabilities[c]).map((c) => CAPABILITY_WORDS[c]);
  const row = (label: string, value: React.ReactNode, testId?: string, tone?: "bad" | "warn") => (
    <>
      <dt className="text-neutral-500">{label}</dt>
      <dd className={cn("tabular-nums", tone === "bad" && "font-medium text-red-700", tone === "warn" && "font-medium text-amber-800")} data-testid={testId}>{value}</dd>
    </>
  );
  return (
    <Card className="space-y-3" data-testid={`rail-card-${r.name}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold">{RAIL_NAMES[r.name] ?? r.name}</h2>
        <span className="text-sm text-neutral-500">{r.position ? `${ORDINALS[r.position - 1] ?? `${r.position}th`} choice` : "Keys set, not in OWO_RAILS"}</span>
      </div>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">Does: {can.join(", ")}.</p>
      <dl className="grid grid-cols-[minmax(8rem,12rem)_1fr] gap-x-4 gap-y-1.5 text-sm">
        {row("Last webhook", r.lastWebhookAt ? <DateTime at={r.lastWebhookAt} seconds /> : r.name === "sandbox" ? "None (simulated money)" : "No webhook yet", `rail-last-webhook-${r.name}`)}
        {row("Failures (24 h)", r.failures24h, `rail-failures-${r.name}`, r.failures24h > 0 ? "bad" : undefined)}
        {row("Waiting to process", r.unprocessed, `rail-unprocessed-${r.name}`, r.unprocessed > 0 ? "warn" : undefined)}
        {row("Payouts pending", r.pendingPayouts, `rail-pending-${r.name}`)}
        {row("Provider balance", r.providerBalance === null ? (r.balanceError ?? "Not reported") : formatNaira(r.providerBalance), `rail-provider-balance-${r.name}`)}
        {row("Ledger (clearing account)", formatNaira(r.ledgerBalance), `rail-ledger-balance-${r.name}`)}
        {row("Difference", difference === null ? "—" : formatNaira(difference), `rail-difference-${r.name}`, difference ? "bad" : undefined)}
      </dl>
      {r.attention.length > 0 && (
        <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm dark:bg-amber-950/30" data-testid={`rail-attention-${r.name}`}>
          <p className="font-medium">Payouts that need a person at {RAIL_NAMES[r.name] ?? r.name}</p>
          <ul className="mt-1 space-y-1">
            {r.attention.map((a) => (
              <li key={a.reference}>
                <span className="font-mono">{a.reference}</span> · {formatNaira(a.amount)} · {a.note}
              </li>
            ))}
          </ul>
        </div>
      )}
    </Card>
  );
}
