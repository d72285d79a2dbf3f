import { afterAll, describe, expect, it } from "vitest";
import { emitCommitted, eventRow } from "@/tests/events";
import { makeKey } from "@/tests/factories";
import { startWebhookReceiver, type WebhookReceiver } from "@/tests/webhook-receiver";
import { afterCommitDeliveriesSettled, deliverAfterCommit } from "./deliver-after-commit";

const receivers: WebhookReceiver[] = [];
afterAll(async () => {
  for (const r of receivers) await r.close();
});

describe("after-commit delivery", () => {
  it("an event held back behind an earlier due event of its key is still sent at once, after that one, in order (not left for the scheduler)", async () => {
    const hook = await startWebhookReceiver();
    receivers.push(hook);
    const key = await makeKey({ config: { webhookUrl: hook.url } });
    // An earlier event nobody has attempted yet (its own after-commit delivery never ran).
    const earlier = await emitCommitted(key, { data: { n: 1 } });
    const later = await emitCommitted(key, { data: { n: 2 } });
    // Only the later one is handed over: the order rule holds it back behind `earlier`.
    deliverAfterCommit([later]);
    await afterCommitDeliveriesSettled();
    expect((await eventRow(earlier))?.deliveryStatus).toBe("delivered");
    expect((await eventRow(later))?.deliveryStatus).toBe("delivered");
    expect(hook.received.map((r) => r.headers["webhook-id"])).toEqual([earlier, later]);
  });

  it("one call keeps sending a key's due first attempts past 50 (a burst is not left half-sent)", async () => {
    const hook = await startWebhookReceiver();
    receivers.push(hook);
    const key = await makeKey({ config: { webhookUrl: hook.url } });
    const ids: string[] = [];
    for (let i = 0; i < 80; i++) ids.push(await emitCommitted(key, { data: { n: i } }));
    deliverAfterCommit([ids[0]!]);
    await afterCommitDeliveriesSettled();
    expect(hook.received.length).toBe(80);
    expect(hook.received.map((r) => r.headers["webhook-id"])).toEqual(ids);
  });
});
