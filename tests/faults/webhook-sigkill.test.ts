// Fault: the process delivering a burst of webhooks is SIGKILLed in the middle of it. The
// delivery engine runs in a process of its own (delivery-worker.ts); after the kill the leases
// of what it had claimed run out (simulated, as tests/events.ts makeDue does) and this process's
// engine finishes the burst. Real PostgreSQL, a real HTTP receiver.
import { fork } from "node:child_process";
import path from "node:path";
import { inArray, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { events, webhookAttempts } from "@/db/schema";
import { deliverDueEvents } from "@/lib/events/deliver-due-events";
import { MAX_UNRECORDED_PER_KEY } from "@/lib/events/delivery-engine";
import { emitEvents } from "@/lib/events/emit-event";
import { makeKey } from "../factories";
import { startWebhookReceiver, type WebhookReceiver } from "../webhook-receiver";

const KEYS = 4;
const PER_KEY = 60;

let hook: WebhookReceiver;
afterAll(() => hook?.close());

describe("fault: SIGKILL of the delivering process in the middle of a webhook burst", () => {
  it("every event is delivered, in order per key, with exactly one attempt record; only attempts cut off by the kill are sent again (same webhook-id)", async () => {
    hook = await startWebhookReceiver(() => ({ status: 200, body: "ok", delayMs: 2 }));
    const keys = await Promise.all(Array.from({ length: KEYS }, () => makeKey({ config: { webhookUrl: hook.url } })));
    const keyPairIds = keys.map((k) => k.keyPair.id);
    const db = await getDb();
    // The burst, committed without waking this process's engine: the worker delivers it.
    const inputs = Array.from({ length: PER_KEY }, (_, n) =>
      keys.map((k) => ({ merchantId: k.merchantId, mode: "test" as const, keyPairId: k.keyPair.id, type: "charge.success", data: { n } })),
    ).flat();
    await db.transaction((tx) => emitEvents(tx, inputs));
    const rows = await db.select({ id: events.id, keyPairId: events.keyPairId, seq: events.seq }).from(events).where(inArray(events.keyPairId, keyPairIds));
    const ids = rows.map((r) => r.id);
    expect(ids).toHaveLength(KEYS * PER_KEY);

    const worker = fork(path.join(import.meta.dirname, "delivery-worker.ts"), [keyPairIds.join(",")], {
      execArgv: ["--import", "tsx"],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => worker.once("exit", (_code, signal) => resolve(signal)));
    await hook.waitFor(KEYS * PER_KEY * 0.3, 60_000);
    worker.kill("SIGKILL");
    expect(await exited).toBe("SIGKILL");
    const recordedAtKill = new Set(
      (await db.select({ id: webhookAttempts.eventId }).from(webhookAttempts).where(inArray(webhookAttempts.eventId, ids))).map((r) => r.id),
    );
    const receivedAtKill = hook.received.length;
    // Killed mid-burst: some of it recorded, not all of it sent.
    expect(recordedAtKill.size).toBeGreaterThan(0);
    expect(receivedAtKill).toBeLessThan(KEYS * PER_KEY);
    // Sent before the kill, its record not yet written (the engine sends a key's next event
    // while the previous one's record is on its way): these, and only these, may arrive twice.
    const cutOff = new Set(
      hook.received
        .slice(0, receivedAtKill)
        .map((r) => String(r.headers["webhook-id"]))
        .filter((id) => !recordedAtKill.has(id)),
    );

    // The killed worker's leases run out; this process's engine takes over.
    await db.execute(sql`update events set next_attempt_at = now() - interval '1 second'
                         where key_pair_id in (${sql.join(
                           keyPairIds.map((k) => sql`${k}`),
                           sql`, `,
                         )}) and delivery_status = 'pending'`);
    for (let pass = 0; pass < 20; pass++) {
      await deliverDueEvents(db, { keyPairIds });
      const [left] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(events)
        .where(sql`${inArray(events.id, ids)} and delivery_status <> 'delivered'`);
      if (left!.n === 0) break;
    }

    const after = await db.select().from(events).where(inArray(events.id, ids));
    expect(after.every((e) => e.deliveryStatus === "delivered" && e.attempts === 1)).toBe(true);
    // Exactly one attempt record per event: none lost for a delivered event, none duplicated.
    const attempts = await db.select().from(webhookAttempts).where(inArray(webhookAttempts.eventId, ids));
    expect(attempts).toHaveLength(ids.length);
    expect(new Set(attempts.map((a) => a.eventId)).size).toBe(ids.length);
    expect(attempts.every((a) => a.attemptNumber === 1 && a.statusCode === 200 && a.trigger === "automatic")).toBe(true);

    // Every event reached the receiver; a second copy only for attempts the kill cut off before
    // their record was written (at most the ones awaiting their record and the one in flight,
    // per key), with the same id and body.
    const received = hook.received.map((r) => ({ id: String(r.headers["webhook-id"]), body: r.body }));
    const copies = new Map<string, string[]>();
    for (const r of received) copies.set(r.id, [...(copies.get(r.id) ?? []), r.body]);
    expect(new Set(copies.keys())).toEqual(new Set(ids));
    const resent = [...copies.entries()].filter(([, c]) => c.length > 1);
    expect(resent.every(([, c]) => c.length === 2 && c[0] === c[1])).toBe(true);
    expect(
      resent.map(([id]) => id).filter((id) => !cutOff.has(id)),
      "sent again although its attempt was recorded before the kill",
    ).toEqual([]);
    expect(resent.length).toBeLessThanOrEqual(KEYS * (MAX_UNRECORDED_PER_KEY + 1));

    // First attempts per key in event order, across the kill.
    for (const keyPairId of keyPairIds) {
      const mine = rows
        .filter((r) => r.keyPairId === keyPairId)
        .sort((a, b) => a.seq - b.seq)
        .map((r) => r.id);
      const set = new Set(mine);
      expect([...new Set(received.map((r) => r.id).filter((id) => set.has(id)))]).toEqual(mine);
    }
  }, 120_000);
});
