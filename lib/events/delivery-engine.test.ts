import { asc, eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { events } from "@/db/schema";
import { armPause } from "@/tests/pause-points";
import { attemptsOf, emitCommitted, eventRow, sleep, waitForEvent } from "@/tests/events";
import { makeKey } from "@/tests/factories";
import { startWebhookReceiver, type Responder, type WebhookReceiver } from "@/tests/webhook-receiver";
import { CLAIMED_PAUSE, claimDueBatch } from "./claim-due-events";
import { afterCommitDeliveriesSettled, deliverAfterCommit } from "./deliver-after-commit";
import { deliverDueEvents } from "./deliver-due-events";
import { startDeliveryListener } from "./delivery-listener";
import { emitEvents } from "./emit-event";

const receivers: WebhookReceiver[] = [];
afterAll(async () => {
  await afterCommitDeliveriesSettled();
  for (const r of receivers) await r.close();
});

async function keyWithReceiver(respond?: Responder) {
  const hook = await startWebhookReceiver(respond);
  receivers.push(hook);
  const key = await makeKey({ config: { webhookUrl: hook.url } });
  return { key, hook };
}

const ids = (hook: WebhookReceiver) => hook.received.map((r) => String(r.headers["webhook-id"]));
const firstSeen = (hook: WebhookReceiver) => [...new Set(ids(hook))];

describe("delivery engine (issue 17: wake on commit, batches, per-key queues)", () => {
  it("under a burst from concurrent writers, each key's first attempts arrive in the order its events happened, each once", async () => {
    // Receivers answer after 0–3 ms, so a key whose events were sent in parallel would reorder.
    const keys = await Promise.all(Array.from({ length: 4 }, () => keyWithReceiver(() => ({ status: 200, delayMs: Math.floor(Math.random() * 4) }))));
    const emitted = new Map<string, string[]>();
    const db = await getDb();
    // Each key's events come one transaction after another (as a resource's changes do), the
    // keys' writers concurrently; every commit wakes the engine, and a scheduler pass runs too.
    const writers = keys.map(async ({ key }) => {
      const list: string[] = [];
      emitted.set(key.keyPair.id, list);
      for (let i = 0; i < 25; i++) {
        const [id] = await db.transaction((tx) =>
          emitEvents(tx, [{ merchantId: key.merchantId, mode: "test", keyPairId: key.keyPair.id, type: "charge.success", data: { n: i } }]),
        );
        list.push(id!);
        deliverAfterCommit([id!]);
      }
    });
    await Promise.all([...writers, deliverDueEvents(db, { keyPairIds: keys.map((k) => k.key.keyPair.id) })]);
    await afterCommitDeliveriesSettled();
    await deliverDueEvents(db, { keyPairIds: keys.map((k) => k.key.keyPair.id) });
    for (const { key, hook } of keys) {
      const mine = emitted.get(key.keyPair.id)!;
      await hook.waitFor(mine.length, 15_000);
      expect(firstSeen(hook)).toEqual(mine);
      expect(ids(hook)).toHaveLength(mine.length);
      for (const id of [mine[0]!, mine.at(-1)!]) {
        expect(await eventRow(id)).toMatchObject({ deliveryStatus: "delivered", attempts: 1 });
        expect((await attemptsOf(id)).map((a) => [a.attemptNumber, a.statusCode])).toEqual([[1, 200]]);
      }
    }
  }, 60_000);

  it("a receiver that does not answer holds only its own key: every other key's burst arrives before its first answer", async () => {
    // The slow receiver holds its first answer until every other key's burst has arrived (no
    // clock in the proof: a loaded machine cannot make it pass or fail); later answers are at once.
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    const slow = await keyWithReceiver((_hook, n) => (n === 0 ? { status: 200, until: held } : { status: 200 }));
    const fast = await Promise.all(Array.from({ length: 4 }, () => keyWithReceiver()));
    const db = await getDb();
    const all = [slow, ...fast];
    // One burst, the keys' events interleaved in one transaction (the slow key's 4 first).
    const inputs = Array.from({ length: 10 }, (_, n) =>
      (n < 4 ? all : fast).map(({ key }) => ({
        merchantId: key.merchantId,
        mode: "test" as const,
        keyPairId: key.keyPair.id,
        type: "charge.success",
        data: { n },
      })),
    ).flat();
    const burst = await db.transaction((tx) => emitEvents(tx, inputs));
    deliverAfterCommit(burst);
    for (const { hook } of fast) await hook.waitFor(10, 30_000);
    // Every other key's 10 events are in while the slow key's first answer is still held, and the
    // slow key has had exactly that one request: its next waits for the answer.
    await slow.hook.waitFor(1, 30_000);
    expect(slow.hook.received).toHaveLength(1);
    answer();
    // The slow key's events all arrive, in order (one at a time).
    const slowIds = (await db.select({ id: events.id }).from(events).where(eq(events.keyPairId, slow.key.keyPair.id)).orderBy(asc(events.seq))).map(
      (r) => r.id,
    );
    expect(slowIds).toHaveLength(4);
    await slow.hook.waitFor(4, 30_000);
    expect(firstSeen(slow.hook)).toEqual(slowIds);
    await afterCommitDeliveriesSettled();
  }, 60_000);

  it("a key whose attempt ends while a claim is in flight is claimed again at once, not after another key's slow receiver answers (the bench's stall)", async () => {
    // The bench's case: commits keep waking the engine, so a claim is nearly always in flight
    // when a fast key's attempts end; that claim did not take the fast key's next events (the
    // key was busy when it began), and the engine then waited only for the keys still busy —
    // the slow one — before claiming again.
    const SLOW_MS = 3_000;
    let answerFirst!: () => void;
    const firstAnswered = new Promise<void>((resolve) => (answerFirst = resolve));
    const slow = await keyWithReceiver(() => ({ status: 200, delayMs: SLOW_MS }));
    const fast = await keyWithReceiver((_req, n) => (n === 0 ? { status: 200, until: firstAnswered } : { status: 200 }));
    const db = await getDb();
    const event = (key: typeof slow.key, n: number) => ({
      merchantId: key.merchantId,
      mode: "test" as const,
      keyPairId: key.keyPair.id,
      type: "charge.success",
      data: { n },
    });
    const first = await db.transaction((tx) => emitEvents(tx, [event(slow.key, 1), event(slow.key, 2), event(slow.key, 3), event(fast.key, 1)]));
    deliverAfterCommit(first);
    // Both keys' first attempts are in flight: the slow one answers in 3 s, the fast one when told.
    await slow.hook.waitFor(1, 10_000);
    await fast.hook.waitFor(1, 10_000);
    // The fast key's next event is committed; the claim it wakes is held open…
    const pause = armPause(CLAIMED_PAUSE);
    const [next] = await db.transaction((tx) => emitEvents(tx, [event(fast.key, 2)]));
    deliverAfterCommit([next!]);
    await pause.reached;
    // …while the fast key's first attempt ends and is recorded.
    answerFirst();
    await waitForEvent(first[3]!, (e) => e.deliveryStatus === "delivered", 10_000);
    pause.release();
    const [, second] = await fast.hook.waitFor(2, 15_000);
    expect(second!.headers["webhook-id"]).toBe(next);
    expect(second!.receivedAt, "the fast key's next event waited for the slow receiver's answer").toBeLessThan(slow.hook.received[0]!.receivedAt + SLOW_MS);
    // The slow key's events all arrive, in order.
    await slow.hook.waitFor(3, 20_000);
    expect(firstSeen(slow.hook)).toEqual(first.slice(0, 3));
    await afterCommitDeliveriesSettled();
  }, 60_000);

  it("SKIP LOCKED: while one claimer holds its claim's transaction open, a second claims the other due events at once, never the held ones", async () => {
    const a = await keyWithReceiver();
    const b = await keyWithReceiver();
    const first = await emitCommitted(a.key);
    const second = await emitCommitted(b.key);
    const db = await getDb();
    const keyPairIds = [a.key.keyPair.id, b.key.keyPair.id];
    const pause = armPause(CLAIMED_PAUSE);
    // The first claimer takes the earliest due event and stops with its transaction open.
    const holder = claimDueBatch(db, { limit: 1, keyPairIds });
    await pause.reached;
    try {
      const other = claimDueBatch(db, { limit: 1, keyPairIds });
      const outcome = await Promise.race([other, sleep(2_000).then(() => "blocked" as const)]);
      expect(outcome, "the second claimer waited on the first one's locked row").not.toBe("blocked");
      expect((outcome as Awaited<typeof other>).map((e) => e.id)).toEqual([second]);
    } finally {
      pause.release();
    }
    expect((await holder).map((e) => e.id)).toEqual([first]);
  });

  it("another instance's NOTIFY wakes this one: a committed event nobody handed over is delivered without a scheduler pass", async () => {
    const { key, hook } = await keyWithReceiver();
    await startDeliveryListener();
    await afterCommitDeliveriesSettled(); // the wake-up listening starts with is over
    const id = await emitCommitted(key); // committed elsewhere: no deliverAfterCommit here
    await sleep(100);
    expect(hook.received).toHaveLength(0);
    await (await getDb()).execute(sql`select pg_notify('owo_webhooks', 'another-instance')`);
    const [got] = await hook.waitFor(1, 10_000);
    expect(got!.headers["webhook-id"]).toBe(id);
    await afterCommitDeliveriesSettled();
    expect(await eventRow(id)).toMatchObject({ deliveryStatus: "delivered", attempts: 1 });
  });
});
