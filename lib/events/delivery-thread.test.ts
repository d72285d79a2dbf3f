import { afterAll, describe, expect, it } from "vitest";
import { emitCommitted, eventRow, sleep } from "@/tests/events";
import { makeKey } from "@/tests/factories";
import { startWebhookReceiver, type WebhookReceiver } from "@/tests/webhook-receiver";
import { getDb } from "@/db/client";
import { afterCommitDeliveriesSettled, deliverAfterCommit } from "./deliver-after-commit";
import { deliverDueEvents } from "./deliver-due-events";
import { deliveryThread, startDeliveryThread } from "./delivery-thread";

const receivers: WebhookReceiver[] = [];
afterAll(async () => {
  await afterCommitDeliveriesSettled();
  for (const r of receivers) await r.close();
});

async function keyWithReceiver() {
  const hook = await startWebhookReceiver();
  receivers.push(hook);
  return { hook, key: await makeKey({ config: { webhookUrl: hook.url } }) };
}

async function until(done: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await sleep(20);
  }
}

describe("the webhook delivery thread (issue 17: deliveries off the request thread)", () => {
  it("delivers what deliverAfterCommit hands it, in order, and runs the scheduler's pass, with no engine on this thread", async () => {
    const { hook, key } = await keyWithReceiver();
    const thread = startDeliveryThread(new URL("../../scripts/delivery-thread.mjs", import.meta.url));
    expect(thread).not.toBeNull();
    try {
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) ids.push(await emitCommitted(key, { data: { n: i } }));
      deliverAfterCommit(ids);
      await hook.waitFor(5, 15_000);
      expect(hook.received.map((r) => r.headers["webhook-id"])).toEqual(ids);
      // The scheduler's job runs its pass on the thread too: events nobody woke it for. (Other
      // test files' commits NOTIFY the thread too, so it may have sent some of them already:
      // the pass makes at most these, and waits for the key's work in the thread.)
      const due: string[] = [];
      for (let i = 5; i < 8; i++) due.push(await emitCommitted(key, { data: { n: i } }));
      expect(await deliverDueEvents(await getDb(), { keyPairIds: [key.keyPair.id] })).toBeLessThanOrEqual(3);
      await hook.waitFor(8, 15_000);
      expect(hook.received.map((r) => r.headers["webhook-id"])).toEqual([...ids, ...due]);
      // This thread's engine never ran (the pass above did not make one here): the thread did it all.
      expect((globalThis as { __owoDeliveryEngine?: unknown }).__owoDeliveryEngine).toBeUndefined();
    } finally {
      await thread!.stop();
    }
    // Its exit hands deliveries back to this thread.
    await until(() => deliveryThread() === null);
  });

  it("if the thread exits, after-commit deliveries fall back to this thread's engine at once", async () => {
    const { hook, key } = await keyWithReceiver();
    startDeliveryThread(new URL("data:text/javascript,process.exit(3)"));
    await until(() => deliveryThread() === null);
    const id = await emitCommitted(key);
    deliverAfterCommit([id]);
    await afterCommitDeliveriesSettled();
    expect((await eventRow(id))?.deliveryStatus).toBe("delivered");
    expect(hook.received.map((r) => r.headers["webhook-id"])).toEqual([id]);
  });
});
