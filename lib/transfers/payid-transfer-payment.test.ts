import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { payments } from "@/db/schema";
import { makeMerchant } from "@/tests/factories";
import { fundedKey, initiateOk, uniqueRef } from "@/tests/transfers";

describe("a PayID transfer is a payment in for its recipient", () => {
  it("the recipient gets one payments row (wallet, payid channel, no fee, the sender as payer), so it shows in their Payments area; a replay adds none", async () => {
    const sender = await fundedKey(200_000);
    const recipient = await makeMerchant();
    const reference = uniqueRef("gift");
    const body = { type: "payid", pay_id: recipient.payIds.test, amount: 30_000, narration: "for lunch", reference };
    const t = await initiateOk(sender, body);
    await initiateOk(sender, body);
    const rows = await (await getDb()).select().from(payments).where(eq(payments.reference, t.reference));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      merchantId: recipient.merchant.id,
      mode: "test",
      channel: "payid",
      amount: 30_000,
      fee: 0,
      destinationKind: "wallet",
      narration: "for lunch",
    });
    expect(rows[0]!.payer).toEqual({ name: expect.any(String) });
  });
});
