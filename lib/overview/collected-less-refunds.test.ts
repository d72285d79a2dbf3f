import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { getWalletPayId } from "@/lib/payids/find-pay-id";
import { receivePayment } from "@/lib/payments/receive-payment";
import { decideTestRefund } from "@/lib/refunds/decide-test-refund";
import { requestPaymentRefund } from "@/lib/refunds/request-payment-refund";
import { makeMerchant } from "@/tests/factories";
import { getCollections } from "./collections";

/** Home's "Collected" (issue 26): money refunded was not collected. */
describe("Collected less refunds", () => {
  it("a payment refunded whole leaves the figures and the count; a partial refund takes off its amount; an open refund takes off nothing yet", async () => {
    const { merchant } = await makeMerchant();
    const db = await getDb();
    const scope = { merchantId: merchant.id, mode: "test" as const };
    const wallet = (await getWalletPayId(db, scope))!;
    const pay = (amount: number) =>
      db.transaction((tx) => receivePayment(tx, { destination: { kind: "pay_id", payId: wallet }, amount, payer: { name: "Tolu" } }));
    const whole = await pay(500_000);
    const partial = await pay(300_000);
    const open = await pay(200_000);
    const before = await getCollections(db, scope);
    expect(before.today).toEqual({ amount: 1_000_000, count: 3 });

    const refund = async (reference: string, amount?: number) => (await requestPaymentRefund(db, { ...scope, reference, amount })).refund;
    const r1 = await refund(whole.reference);
    const r2 = await refund(partial.reference, 100_000);
    await refund(open.reference, 50_000);
    // Requested, not yet returned: still collected.
    expect((await getCollections(db, scope)).today).toEqual({ amount: 1_000_000, count: 3 });

    for (const r of [r1, r2]) expect((await decideTestRefund(db, { ...scope, refundId: r.id, decision: "approve" })).status).toBe("completed");
    const after = await getCollections(db, scope);
    expect(after.today).toEqual({ amount: 400_000, count: 2 });
    expect(after.last7).toEqual(after.today);
    expect(after.last30).toEqual(after.today);
    expect(after.days.at(-1)).toMatchObject({ amount: 400_000, count: 2 });

    // Another mode's refunds and payments are not this mode's.
    expect((await getCollections(db, { ...scope, mode: "live" })).today).toEqual({ amount: 0, count: 0 });
  });
});
