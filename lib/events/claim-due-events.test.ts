import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { runJobs } from "@/lib/scheduler/run-jobs";
import { attemptsOf, emitCommitted, eventRow, makeDue, secondsUntilNextAttempt, sleep, waitForEvent } from "@/tests/events";
import { makeKey } from "@/tests/factories";
import { startWebhookReceiver, type Responder } from "@/tests/webhook-receiver";
import { claimDueEvents, leaseSeconds } from "./claim-due-events";
import { afterCommitDeliveriesSettled, deliverAfterCommit } from "./deliver-after-commit";
import { deliverDueEvents } from "./deliver-due-events";
import { emitEvent } from "./emit-event";
import { RETRY_DELAYS_MS } from "./retry-schedule";

async function keyWithReceiver(respond?: Responder) {
  const hook = await startWebhookReceiver(respond);
  const key = await makeKey({ config: { webhookUrl: hook.url } });
  return { key, hook };
}

/** How many times each webhook-id reached the receiver. */
const countById = (ids: string[]) => ids.reduce<Record<string, number>>((m, id) => ({ ...m, [id]: (m[id] ?? 0) + 1 }), {});

describe("outbox and scheduler delivery (supplement §4, §9)", () => {
  it("a rolled-back transaction that emitted an event sends nothing", async () => {
    const { key, hook } = await keyWithReceiver();
    try {
      const db = await getDb();
      let emitted = "";
      await expect(
        db.transaction(async (tx) => {
          emitted = await emitEvent(tx, {
            merchantId: key.merchantId,
            mode: "test",
            keyPairId: key.keyPair.id,
            type: "charge.success",
            data: { reference: "rolled-back" },
          });
          throw new Error("the change failed after emitting");
        }),
      ).rejects.toThrow("the change failed");
      expect(emitted).toMatch(/^evt_/);
      deliverAfterCommit([emitted]); // even a careless caller cannot send it
      await afterCommitDeliveriesSettled();
      expect(await eventRow(emitted)).toBeUndefined();
      await runJobs(db);
      await sleep(100);
      expect(hook.connections()).toBe(0);
    } finally {
      await hook.close();
    }
  });

  it("crash between commit and delivery: the scheduler pass delivers the committed event", async () => {
    const { key, hook } = await keyWithReceiver();
    try {
      const id = await emitCommitted(key); // committed, but deliverAfterCommit never ran
      await sleep(50);
      expect(hook.received).toHaveLength(0);
      const run = await runJobs(await getDb());
      expect(run.jobs.deliver_webhooks).toBeGreaterThanOrEqual(0);
      const [got] = await hook.waitFor(1);
      expect(got!.headers["webhook-id"]).toBe(id);
      await waitForEvent(id, (e) => e.deliveryStatus === "delivered");
    } finally {
      await hook.close();
    }
  });

  it("two scheduler passes at once make each due attempt exactly once", async () => {
    const hooks = await Promise.all([keyWithReceiver(), keyWithReceiver(), keyWithReceiver()]);
    try {
      const ids: string[] = [];
      for (let i = 0; i < 4; i++) for (const { key } of hooks) ids.push(await emitCommitted(key));
      const db = await getDb();
      const [a, b] = await Promise.all([runJobs(db), runJobs(db)]);
      expect(a.jobs.deliver_webhooks).toBeGreaterThanOrEqual(0);
      expect(b.jobs.deliver_webhooks).toBeGreaterThanOrEqual(0);
      // Another test file's pass may have taken some: wait for all, then for stragglers.
      for (const { hook } of hooks) await hook.waitFor(4);
      await runJobs(db);
      await sleep(200);
      const received = hooks.flatMap(({ hook }) => hook.received.map((r) => String(r.headers["webhook-id"])));
      expect(countById(received)).toEqual(countById(ids));
      for (const id of ids) {
        expect(await attemptsOf(id)).toHaveLength(1);
        expect(await eventRow(id)).toMatchObject({ deliveryStatus: "delivered", attempts: 1 });
      }
    } finally {
      await Promise.all(hooks.map(({ hook }) => hook.close()));
    }
  });

  it("after-commit delivery and scheduler passes racing each other send each event once", async () => {
    const { key, hook } = await keyWithReceiver();
    try {
      const ids = await Promise.all(Array.from({ length: 6 }, () => emitCommitted(key)));
      const db = await getDb();
      for (const id of ids) deliverAfterCommit([id]);
      await Promise.all([runJobs(db), deliverDueEvents(db, { keyPairIds: [key.keyPair.id] }), afterCommitDeliveriesSettled()]);
      await hook.waitFor(6);
      await sleep(200);
      expect(countById(hook.received.map((r) => String(r.headers["webhook-id"])))).toEqual(countById(ids));
    } finally {
      await hook.close();
    }
  });

  it("retries after 5 s, then on the schedule, and marks the event exhausted after the 10th failure", async () => {
    const { key, hook } = await keyWithReceiver(() => ({ status: 503, body: "unavailable" }));
    try {
      const db = await getDb();
      const id = await emitCommitted(key);
      for (let n = 1; n <= 10; n++) {
        if (n > 1) await makeDue(id); // the clock reaches the scheduled retry
        await deliverDueEvents(db, { keyPairIds: [key.keyPair.id] });
        const row = await waitForEvent(id, (e) => e.attempts === n);
        if (n < 10) {
          expect(row.deliveryStatus).toBe("pending");
          const expected = RETRY_DELAYS_MS[n - 1]! / 1000;
          const wait = (await secondsUntilNextAttempt(id))!;
          expect(wait).toBeGreaterThan(expected * 0.95 - 2);
          expect(wait).toBeLessThan(expected * 1.05 + 1);
          // Not due yet: a pass now makes no attempt.
          await deliverDueEvents(db, { keyPairIds: [key.keyPair.id] });
          expect((await eventRow(id))!.attempts).toBe(n);
        } else {
          expect(row).toMatchObject({ deliveryStatus: "exhausted", nextAttemptAt: null, lastStatusCode: 503 });
        }
      }
      await deliverDueEvents(db, { keyPairIds: [key.keyPair.id] });
      expect(hook.received).toHaveLength(10);
      expect(new Set(hook.received.map((r) => r.headers["webhook-id"]))).toEqual(new Set([id]));
      expect((await attemptsOf(id)).map((a) => a.attemptNumber)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    } finally {
      await hook.close();
    }
  });

  it("first attempts of one key's events go out in the order the events happened", async () => {
    // The receiver is slow, so later events would overtake earlier ones if sent in parallel.
    const { key, hook } = await keyWithReceiver((_r, n) => ({ status: n === 1 ? 500 : 200, delayMs: 30 }));
    try {
      const ids: string[] = [];
      for (let i = 0; i < 7; i++) ids.push(await emitCommitted(key));
      const db = await getDb();
      // After-commit deliveries of the later ones start first, racing two scheduler rounds.
      deliverAfterCommit(ids.slice(3));
      await Promise.all([
        deliverDueEvents(db, { keyPairIds: [key.keyPair.id] }),
        deliverDueEvents(db, { keyPairIds: [key.keyPair.id] }),
        afterCommitDeliveriesSettled(),
      ]);
      await runJobs(db);
      await hook.waitFor(7);
      const firstSeen = [...new Set(hook.received.map((r) => String(r.headers["webhook-id"])))];
      expect(firstSeen).toEqual(ids);
    } finally {
      await hook.close();
    }
  });

  it("a later event is not claimable while an earlier one of its key awaits its first attempt", async () => {
    const { key, hook } = await keyWithReceiver();
    const other = await keyWithReceiver();
    try {
      const db = await getDb();
      const first = await emitCommitted(key);
      const second = await emitCommitted(key);
      const elsewhere = await emitCommitted(other.key);
      // Someone holds the first one's lease (its attempt is in flight).
      expect((await claimDueEvents(db, { eventIds: [first], limit: 1 })).map((e) => e.id)).toEqual([first]);
      expect(await claimDueEvents(db, { eventIds: [second], limit: 1 })).toEqual([]);
      // Another key's events are not held back.
      expect((await claimDueEvents(db, { eventIds: [elsewhere], limit: 1 })).map((e) => e.id)).toEqual([elsewhere]);
      const wait = await secondsUntilNextAttempt(first);
      expect(wait).toBeGreaterThan(leaseSeconds() - 5);
      // Claimed together, in one statement, both are fine (attempted in order by the claimer).
      await makeDue(first);
      expect((await claimDueEvents(db, { eventIds: [second, first], limit: 2 })).map((e) => e.id)).toEqual([first, second]);
    } finally {
      await hook.close();
      await other.hook.close();
    }
  });

  it("events the claimer itself holds (its per-key queue) do not hold back the key's next events for it, only for everyone else; their leases queue behind", async () => {
    const { key, hook } = await keyWithReceiver();
    try {
      const db = await getDb();
      const first = await emitCommitted(key);
      const second = await emitCommitted(key);
      const third = await emitCommitted(key);
      expect((await claimDueEvents(db, { eventIds: [first], limit: 1 })).map((e) => e.id)).toEqual([first]);
      // Another claimer: the first one's first attempt is still to come, the later ones wait.
      expect(await claimDueEvents(db, { eventIds: [second, third], limit: 2 })).toEqual([]);
      // The claimer holding it will send it first: the next ones are its to queue behind it.
      const next = await claimDueEvents(db, { eventIds: [second, third], limit: 2, heldIds: [first], ahead: { [key.keyPair.id]: 1 } });
      expect(next.map((e) => e.id)).toEqual([second, third]);
      // Each lease covers the attempts queued ahead of it.
      const [a, b, c] = [(await secondsUntilNextAttempt(first))!, (await secondsUntilNextAttempt(second))!, (await secondsUntilNextAttempt(third))!];
      expect(b - a).toBeGreaterThan(10);
      expect(c - b).toBeGreaterThan(10);
    } finally {
      await hook.close();
    }
  });

  it("a crash mid-attempt only holds the event until its lease expires, then it is retried", async () => {
    const { key, hook } = await keyWithReceiver();
    try {
      const db = await getDb();
      const id = await emitCommitted(key);
      const [claimed] = await claimDueEvents(db, { eventIds: [id], limit: 1 });
      expect(claimed!.id).toBe(id);
      // The claimer dies here. Until the lease runs out nobody else attempts the event.
      await deliverDueEvents(db, { keyPairIds: [key.keyPair.id] });
      expect(hook.received).toHaveLength(0);
      await makeDue(id); // the lease runs out
      await deliverDueEvents(db, { keyPairIds: [key.keyPair.id] });
      await waitForEvent(id, (e) => e.deliveryStatus === "delivered");
      expect(hook.received).toHaveLength(1);
    } finally {
      await hook.close();
    }
  });

  it("deliver_webhooks is a registered scheduler job: a pass delivers what is due and reports a count, not its failure (-1)", async () => {
    const { key, hook } = await keyWithReceiver();
    try {
      const ids = [await emitCommitted(key), await emitCommitted(key)];
      const db = await getDb();
      const run = await runJobs(db);
      expect(run.jobs).toHaveProperty("deliver_webhooks");
      // The pass is global (another file's may take these first): its exact count is not ours to know.
      expect(Number.isInteger(run.jobs.deliver_webhooks) && run.jobs.deliver_webhooks! >= 0).toBe(true);
      await hook.waitFor(2);
      for (const id of ids) expect(await eventRow(id)).toMatchObject({ deliveryStatus: "delivered", attempts: 1 });
    } finally {
      await hook.close();
    }
  });

  it("deliverAfterCommit never throws, even for unknown ids", async () => {
    expect(() => deliverAfterCommit(["evt_does_not_exist", "not even an id"])).not.toThrow();
    expect(() => deliverAfterCommit([])).not.toThrow();
    await afterCommitDeliveriesSettled();
  });
});
