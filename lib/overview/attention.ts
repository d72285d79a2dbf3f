import { and, count, eq, gte } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { events, refunds, settlementPayouts, transfers, type Mode } from "@/db/schema";

type Scope = { merchantId: string; mode: Mode };

export type Attention = {
  /** Events whose webhook deliveries gave up (exhausted) in the last 30 days. */
  failedWebhooks: number;
  /** Transfers that failed in the last 30 days. */
  failedTransfers: number;
  /** Settlement payouts that failed in the last 30 days (the next run retries them). */
  failedSettlementPayouts: number;
  /** Refunds requested and waiting for review. */
  refundsAwaitingReview: number;
};

const WINDOW_MS = 30 * 86_400_000;

/**
 * What needs the merchant's attention: four counts, each served by a partial index that holds
 * only the failed or waiting rows (events_exhausted_idx, transfers_failed_idx,
 * settlement_payouts_open_idx, refunds_requested_idx), so they stay cheap however many
 * payments, events or transfers succeed.
 */
export async function getAttention(tx: DbOrTx, scope: Scope & { now?: Date }): Promise<Attention> {
  const since = new Date((scope.now ?? new Date()).getTime() - WINDOW_MS);
  const n = (rows: { n: number }[]) => rows[0]?.n ?? 0;
  const [webhooks, failedTransfers, failedPayouts, waitingRefunds] = await Promise.all([
    tx
      .select({ n: count() })
      .from(events)
      .where(and(eq(events.merchantId, scope.merchantId), eq(events.mode, scope.mode), eq(events.deliveryStatus, "exhausted"), gte(events.createdAt, since))),
    tx
      .select({ n: count() })
      .from(transfers)
      .where(and(eq(transfers.merchantId, scope.merchantId), eq(transfers.mode, scope.mode), eq(transfers.status, "failed"), gte(transfers.createdAt, since))),
    tx
      .select({ n: count() })
      .from(settlementPayouts)
      .where(
        and(
          eq(settlementPayouts.merchantId, scope.merchantId),
          eq(settlementPayouts.mode, scope.mode),
          eq(settlementPayouts.status, "failed"),
          gte(settlementPayouts.createdAt, since),
        ),
      ),
    tx
      .select({ n: count() })
      .from(refunds)
      .where(and(eq(refunds.merchantId, scope.merchantId), eq(refunds.mode, scope.mode), eq(refunds.status, "requested"))),
  ]);
  return {
    failedWebhooks: n(webhooks),
    failedTransfers: n(failedTransfers),
    failedSettlementPayouts: n(failedPayouts),
    refundsAwaitingReview: n(waitingRefunds),
  };
}
