import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { redirect } from "next/navigation";
import { StatusBadge } from "@/components/ui/badge";
import { Card, CardTitle } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { ListHead, ListTable, Row, Th } from "@/components/ui/list-table";
import { Money } from "@/components/ui/money";
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { rolePolicy } from "@/lib/auth/role-policy";
import { NIGERIAN_BANKS } from "@/lib/bank/nigerian-banks";
import { koboToNaira } from "@/lib/money";
import { listPayouts } from "@/lib/payouts/list-payouts";
import { describeSchedule } from "@/lib/payouts/payout-settings";
import { payoutOutlook } from "@/lib/payouts/run-payouts";
import { PayoutSettingsForm } from "./payout-settings-form";

export const metadata: Metadata = { title: "Automatic payouts" };

/**
 * Automatic payouts (supplement §13): where and when the wallet is paid out, the next payout
 * (when, and what it would send if it ran now), and the payouts made, per mode.
 */
export default async function PayoutsPage() {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/sign-in");
  const { scope } = ctx;
  const [outlook, payouts] = await Promise.all([payoutOutlook(ctx.db, scope), listPayouts(ctx.db, { ...scope, page: 1, page_size: 50 })]);
  const s = outlook.settings;
  const banks = [...NIGERIAN_BANKS].sort((a, b) => a.bankName.localeCompare(b.bankName));
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-xl font-semibold">Automatic payouts</h1>
        <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
          Your wallet&apos;s available balance is sent to your payout account on a schedule. Money that arrives today is paid out from the next payout day.{" "}
          {ctx.mode === "test" ? "Test mode pays out on the sandbox bank." : "Live payouts go to your real bank account."}
        </p>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card className="space-y-2" data-testid="next-payout">
          <CardTitle>Next payout</CardTitle>
          {!s ? (
            <p className="text-sm">Set a payout account below to start automatic payouts.</p>
          ) : !outlook.nextAt ? (
            <p className="text-sm">Manual: nothing is paid out automatically. Send money yourself from Transfers.</p>
          ) : (
            <>
              <p className="text-2xl font-semibold" data-testid="next-payout-amount">
                {outlook.quote?.amount ? <Money kobo={outlook.quote.amount} /> : "₦0.00"}
              </p>
              <p className="text-sm text-neutral-600 dark:text-neutral-400">
                <DateTime at={outlook.nextAt} /> to {s.accountName} · {s.bankName} {s.accountNumber}
              </p>
              {outlook.quote && (
                <p className="text-xs text-neutral-500" data-testid="next-payout-breakdown">
                  Balance <Money kobo={outlook.quote.balance} />, less <Money kobo={outlook.quote.arrivedToday} /> arriving today, the reserve{" "}
                  <Money kobo={outlook.quote.reserve} /> and transfer charges <Money kobo={outlook.quote.charges} />. The amount is worked out again at payout
                  time.
                </p>
              )}
              {s.lastRunNote && <p className="text-xs text-neutral-500">Last run: {s.lastRunNote}</p>}
            </>
          )}
        </Card>
        <Card className="space-y-3" data-testid="payout-settings">
          <CardTitle>Payout account and schedule ({ctx.mode === "test" ? "test mode" : "live mode"})</CardTitle>
          {s && (
            <p className="text-sm" data-testid="payout-schedule-text">
              {describeSchedule(s)}
            </p>
          )}
          <PayoutSettingsForm
            banks={banks}
            canEdit={rolePolicy.setPayoutSettings(ctx.role)}
            current={
              s
                ? {
                    bankCode: s.bankCode,
                    accountNumber: s.accountNumber,
                    accountName: s.accountName,
                    schedule: s.schedule,
                    hour: s.hour,
                    weekday: s.weekday,
                    reserve: s.reserve ? koboToNaira(s.reserve) : "",
                  }
                : null
            }
          />
        </Card>
      </div>
      <section className="space-y-2">
        <h2 className="font-medium">Payouts made</h2>
        {payouts.items.length === 0 ? (
          <Card className="py-10 text-center text-sm text-neutral-500" data-testid="payouts-empty">
            No automatic payouts yet.
          </Card>
        ) : (
          <ListTable testId="payouts">
            <ListHead>
              <Th>Date</Th>
              <Th>To</Th>
              <Th right>Amount</Th>
              <Th>Status</Th>
            </ListHead>
            <tbody>
              {payouts.items.map((t) => (
                <Row key={t.id} data-testid="payout-row">
                  <td data-phone="date" className="px-4 py-2 whitespace-nowrap">
                    <Link href={`/dashboard/transfers/${t.reference}`} className="text-accent hover:underline">
                      <DateTime at={t.createdAt} />
                    </Link>
                  </td>
                  <td data-phone="primary" className="px-4 py-2">
                    {t.recipientName}
                    <span className="block text-xs text-neutral-500">
                      {t.recipientBankName} {t.recipientAccountNumber}
                    </span>
                  </td>
                  <td data-phone="amount" className="px-4 py-2 text-right">
                    <Money kobo={t.amount} />
                  </td>
                  <td data-phone="status" className="px-4 py-2">
                    <StatusBadge status={t.status} />
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
