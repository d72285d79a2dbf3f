import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DELETE as deactivate } from "@/app/v1/checkout/static-payid/[id]/route";
import { POST as reactivate } from "@/app/v1/checkout/static-payid/[id]/reactivate/route";
import { POST as create } from "@/app/v1/checkout/static-payid/route";
import { POST as pay } from "@/app/v1/sandbox/payments/route";
import { getDb } from "@/db/client";
import { events, payments } from "@/db/schema";
import { randomBase62 } from "@/lib/ids";
import { walletBalance } from "@/lib/ledger/accounts";
import { makeKey } from "@/tests/factories";
import { call } from "@/tests/http";

const PAY = "/v1/sandbox/payments";

async function staticPayId() {
  const key = await makeKey();
  const handle = `shop_${randomBase62(8).toLowerCase()}`;
  const r = await call(create, {
    method: "POST",
    path: "/v1/checkout/static-payid",
    key: key.secretKey,
    json: { pay_id: handle, suffix: ".spid", name: "Front desk" },
  });
  expect(r.status).toBe(200);
  return { key, id: r.body.data!.id as string, payId: r.body.data!.pay_id as string };
}

describe("payments to static PayIDs", () => {
  it("every payment is booked (reusable), settles in full to the key's settlement PayID, lands in the PayID's own history and sends charge.success (payid) to the creating key", async () => {
    const { key, id, payId } = await staticPayId();
    const payer = await makeKey();
    const refs: string[] = [];
    for (const amount of [10_000, 15_000]) {
      const r = await call(pay, { method: "POST", key: payer.secretKey, path: PAY, json: { pay_id: `@${payId}`, amount, payer: { name: "Uche" } } });
      expect(r.status).toBe(200);
      refs.push(r.body.data!.reference as string);
    }
    const db = await getDb();
    const history = await db.select().from(payments).where(eq(payments.staticPayIdId, id));
    expect(history.map((p) => p.amount).sort()).toEqual([10_000, 15_000]);
    expect(await walletBalance(db, { payIdId: key.keyPair.settlementPayIdId! })).toBe(25_000);
    const sent = (await db.select().from(events).where(eq(events.keyPairId, key.keyPair.id))).filter((e) => e.type === "charge.success");
    expect(sent.map((e) => e.data.reference).sort()).toEqual([...refs].sort());
    expect(sent[0]!.data).toMatchObject({ channel: "payid", payer: { name: "Uche" } });
  });

  it("a deactivated static PayID stops accepting payments (DESTINATION_CLOSED); reactivated, it accepts again", async () => {
    const { key, id, payId } = await staticPayId();
    const payer = await makeKey();
    await call(deactivate, { method: "DELETE", path: `/v1/checkout/static-payid/${id}`, key: key.secretKey, params: { id } });
    const closed = await call(pay, { method: "POST", key: payer.secretKey, path: PAY, json: { pay_id: payId, amount: 10_000 } });
    expect(closed.status).toBe(400);
    expect(closed.body.error).toMatchObject({ code: "DESTINATION_CLOSED" });
    await call(reactivate, { method: "POST", path: `/v1/checkout/static-payid/${id}/reactivate`, key: key.secretKey, params: { id } });
    const open = await call(pay, { method: "POST", key: payer.secretKey, path: PAY, json: { pay_id: payId, amount: 10_000 } });
    expect(open.status).toBe(200);
  });
});
