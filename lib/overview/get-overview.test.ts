import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { events, transfers } from "@/db/schema";
import { getPayIdById } from "@/lib/payids/find-pay-id";
import { receivePayment } from "@/lib/payments/receive-payment";
import { requestRefund } from "@/lib/refunds/request-refund";
import { cutoffFor } from "@/lib/settlement/cutoff-schedule";
import { makeMerchant } from "@/tests/factories";
import { pendingPayment, refundMerchant } from "@/tests/refunds";
import { getOverview } from "./get-overview";

describe("getOverview", () => {
  it("a new merchant: zeros, nothing pending, nothing needing attention, 30 empty days", async () => {
    const { merchant, payIds } = await makeMerchant();
    const o = await getOverview(await getDb(), { merchantId: merchant.id, mode: "test" });
    expect(o.collections.last30).toEqual({ amount: 0, count: 0 });
    expect(o.collections.days).toHaveLength(30);
    expect(o.conversion).toEqual({ started: 0, completed: 0, rate: null });
    expect(o.balances).toMatchObject({ walletPayId: payIds.test, available: 0, pendingSettlement: 0, nextPayoutAt: null, inFlight: { amount: 0, count: 0 } });
    expect(o.attention).toEqual({ failedWebhooks: 0, failedTransfers: 0, failedSettlementPayouts: 0, refundsAwaitingReview: 0 });
    expect(o.recent).toEqual([]);
  });

  it("balances, pending settlement with the next cutoff, payouts in flight and what needs attention, per mode", async () => {
    const m = await refundMerchant({ webhookUrl: "http://127.0.0.1:9/unreachable" });
    const db = await getDb();
    const scope = { merchantId: m.merchantId, mode: m.mode };
    // Static-account money waiting for its cutoff; one payment of it asked back (awaiting review).
    await pendingPayment(m, { amount: 1_000_000 });
    const asked = await pendingPayment(m, { amount: 200_000 });
    await requestRefund(db, { merchantId: m.merchantId, mode: m.mode, staticAccountId: m.accountId, paymentId: asked.id });
    // A wallet payment, then its webhook given up on.
    const walletPayId = (await getPayIdById(db, m.walletPayIdId))!;
    await db.transaction((tx) => receivePayment(tx, { destination: { kind: "pay_id", payId: walletPayId }, amount: 30_000, payer: { name: "Tolu" } }));
    await db.update(events).set({ deliveryStatus: "exhausted" }).where(eq(events.merchantId, m.merchantId));
    const exhausted = (await db.select().from(events).where(eq(events.merchantId, m.merchantId))).length;
    // One transfer failed, one on its way.
    const transfer = {
      merchantId: m.merchantId,
      mode: m.mode,
      walletPayIdId: m.walletPayIdId,
      type: "bank_transfer" as const,
      amount: 5_000,
      recipientName: "Ada",
    };
    const tag = Math.random().toString(36).slice(2);
    await db.insert(transfers).values([
      { ...transfer, reference: `f-${tag}`, publicId: `f-${tag}`, status: "failed" },
      { ...transfer, reference: `p-${tag}`, publicId: `p-${tag}`, status: "pending", amount: 7_000 },
    ]);

    const now = new Date();
    const o = await getOverview(db, { ...scope, now });
    expect(o.balances.available).toBe(30_000);
    expect(o.balances.pendingSettlement).toBeGreaterThan(0);
    expect(o.balances.nextPayoutAt).toEqual(cutoffFor(now));
    expect(o.balances.inFlight).toEqual({ amount: 7_000, count: 1 });
    expect(o.attention).toEqual({ failedWebhooks: exhausted, failedTransfers: 1, failedSettlementPayouts: 0, refundsAwaitingReview: 1 });
    expect(exhausted).toBeGreaterThan(0);
    expect(o.recent[0]).toMatchObject({ amount: 30_000, status: "completed", payerName: "Tolu" });
    expect(o.collections.today).toEqual({ amount: 1_230_000, count: 3 });

    const live = await getOverview(db, { merchantId: m.merchantId, mode: "live", now });
    expect(live.attention).toEqual({ failedWebhooks: 0, failedTransfers: 0, failedSettlementPayouts: 0, refundsAwaitingReview: 0 });
    expect(live.balances).toMatchObject({ available: 0, pendingSettlement: 0, inFlight: { amount: 0, count: 0 } });
    expect(live.collections.today).toEqual({ amount: 0, count: 0 });
  });
});
