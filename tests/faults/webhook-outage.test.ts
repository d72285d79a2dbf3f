// Fault: the merchant's webhook receiver is down for a long stretch (first answering 500,
// then refusing connections), then comes back. Time is simulated the way the outbox sees it:
// every scheduled attempt is a next_attempt_at, so advancing the clock by Δ moves our events'
// next_attempt_at back by Δ (tests/events.ts makeDue does the same for one step). Nothing
// sleeps through the ~75-hour schedule; every attempt is a real HTTP request (or refusal).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, queryRows } from "@/db/client";
import { events, webhookAttempts } from "@/db/schema";
import { deliverDueEvents } from "@/lib/events/deliver-due-events";
import { RETRY_DELAYS_MS } from "@/lib/events/retry-schedule";
import { emitCommitted, setWebhookUrl } from "../events";
import { makeKey } from "../factories";

const HOUR = 3_600_000;

type Receipt = { id: string; status: number; simAt: number; body: string };
type Mode = "error" | "refuse" | "up";

/** A receiver on a fixed port that can answer 500, stop listening (refused), or come back. */
class Receiver {
  receipts: Receipt[] = [];
  private server: http.Server | null = null;
  port = 0;
  constructor(
    private readonly status: () => number,
    private readonly simNow: () => number,
  ) {}

  async listen(): Promise<void> {
    const server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString("utf8")));
      req.on("end", () => {
        const status = this.status();
        this.receipts.push({ id: String(req.headers["webhook-id"]), status, simAt: this.simNow(), body });
        res.writeHead(status).end(status === 200 ? "ok" : "down");
      });
    });
    await new Promise<void>((resolve) => server.listen(this.port, "127.0.0.1", resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get url() {
    return `http://127.0.0.1:${this.port}/hook`;
  }
}

describe("fault: webhook receiver down for a long stretch, then back (simulated clock)", () => {
  // Simulated milliseconds the clock has been advanced so far.
  let shift = 0;
  let mode: Mode = "error";
  const simNow = () => Date.now() + shift;
  // Key 1's receiver is down (500, then refused) for the first 25 simulated hours, then back.
  const flaky = new Receiver(() => (mode === "up" ? 200 : 500), simNow);
  // Key 2's receiver never recovers: its event must use up the whole schedule, no more.
  const dead = new Receiver(() => 503, simNow);
  let keys: { k1: string; k2: string };
  const ids: { k1: string[]; k2: string } = { k1: [], k2: "" };
  const references = new Map<string, string>(); // event id → the reference in its payload

  beforeAll(async () => {
    await flaky.listen();
    await dead.listen();
    const [a, b] = await Promise.all([makeKey(), makeKey()]);
    await setWebhookUrl(a.keyPair.id, flaky.url);
    await setWebhookUrl(b.keyPair.id, dead.url);
    keys = { k1: a.keyPair.id, k2: b.keyPair.id };
    for (let i = 0; i < 6; i++) {
      const id = await emitCommitted(a, { type: i % 2 ? "transfer.success" : "charge.success", data: { reference: `outage-${i}` } });
      ids.k1.push(id);
      references.set(id, `outage-${i}`);
    }
    ids.k2 = await emitCommitted(b, { data: { reference: "never-back" } });
    references.set(ids.k2, "never-back");
  });

  afterAll(async () => {
    await flaky.close();
    await dead.close();
  });

  const ours = () => [...ids.k1, ids.k2];

  /** Advances the simulated clock by `ms` for our events (their schedule moves back by ms). */
  async function advance(ms: number) {
    const db = await getDb();
    await db.execute(sql`update events set next_attempt_at = next_attempt_at - ${Math.round(ms)}::int * interval '1 millisecond'
                         where id in (${sql.join(
                           ours().map((id) => sql`${id}`),
                           sql`, `,
                         )}) and next_attempt_at is not null`);
    shift += ms;
    // The outage is a function of simulated time: 500 for the first hour, refused until 25 h, then up.
    const elapsed = shift;
    const next: Mode = elapsed < HOUR ? "error" : elapsed < 25 * HOUR ? "refuse" : "up";
    if (next !== mode) {
      if (next === "refuse") await flaky.close();
      if (mode === "refuse") await flaky.listen(); // the same port again
      mode = next;
    }
  }

  async function attemptsMade(): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      await getDb(),
      sql`select coalesce(sum(attempts), 0)::int as n from events where id in (${sql.join(
        ours().map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    return row!.n;
  }

  /** Milliseconds until the earliest scheduled attempt of our pending events (null when none). */
  async function untilNextDue(): Promise<number | null> {
    const [row] = await queryRows<{ ms: number | null }>(
      await getDb(),
      sql`select (extract(epoch from min(next_attempt_at) - now()) * 1000)::float8 as ms from events
          where id in (${sql.join(
            ours().map((id) => sql`${id}`),
            sql`, `,
          )}) and delivery_status = 'pending'`,
    );
    return row?.ms == null ? null : Number(row.ms);
  }

  /** One delivery pass over our keys; another test file's scheduler pass may make an attempt too, so wait for the counts. */
  async function pass() {
    const db = await getDb();
    await deliverDueEvents(db, { keyPairIds: [keys.k1, keys.k2] });
  }

  it("every event is delivered once with its original webhook-id after the outage; a dead receiver exhausts only after the full schedule", async () => {
    const db = await getDb();
    // Simulated time of each attempt (event id → attempt number → ms), noted once seen.
    const seen = new Map<string, Map<number, number>>();
    const recordAttempts = async () => {
      const rows = await db.select().from(webhookAttempts).where(inArray(webhookAttempts.eventId, ours()));
      for (const r of rows) {
        const byNumber = seen.get(r.eventId) ?? new Map<number, number>();
        if (!byNumber.has(r.attemptNumber)) byNumber.set(r.attemptNumber, r.createdAt.getTime() + shift);
        seen.set(r.eventId, byNumber);
      }
    };
    const simAttemptTimes = (id: string) => [...(seen.get(id) ?? new Map<number, number>()).entries()].sort((x, y) => x[0] - y[0]).map(([, at]) => at);

    // First attempts: the receiver answers 500.
    await pass();
    await expect.poll(attemptsMade).toBe(7);
    await recordAttempts();

    for (let step = 0; step < 200; step++) {
      const wait = await untilNextDue();
      if (wait === null) break;
      const before = await attemptsMade();
      // A moment before the earliest due time nothing is sent: no attempt ahead of the schedule.
      if (wait > 2_000) {
        await advance(wait - 2_000);
        await pass();
        expect(await attemptsMade()).toBe(before);
      }
      await advance(Math.max(0, Math.min(wait, 2_000)) + 50);
      await pass();
      await expect.poll(attemptsMade).toBeGreaterThan(before);
      await recordAttempts();
      // Until the 10th failure the dead receiver's event stays pending.
      const [k2] = await db
        .select()
        .from(events)
        .where(inArray(events.id, [ids.k2]));
      expect(k2!.deliveryStatus).toBe(k2!.attempts < 10 ? "pending" : "exhausted");
    }
    expect(mode).toBe("up");

    const rows = await db.select().from(events).where(inArray(events.id, ours()));
    const byId = new Map(rows.map((r) => [r.id, r]));

    // Key 1: none lost; each delivered exactly once, on its first attempt after the receiver came back.
    for (const id of ids.k1) {
      const e = byId.get(id)!;
      expect(e.deliveryStatus).toBe("delivered");
      const got = flaky.receipts.filter((r) => r.id === id);
      expect(got.filter((r) => r.status === 200)).toHaveLength(1);
      // Every request for it carried the event's own webhook-id and the same payload.
      expect(new Set(got.map((r) => r.body)).size).toBe(1);
      expect(JSON.parse(got[0]!.body).data.reference).toBe(references.get(id));
      const times = simAttemptTimes(id);
      expect(times).toHaveLength(e.attempts);
      // Attempts at 0, 5 s, 5 min 5 s, 35 min (500s), 2.6 h, 7.6 h, 17.6 h (refused): the 8th,
      // at about 31.6 h (at least 30 h with every delay 5% short), is the first after 25 h and succeeds.
      expect(e.attempts).toBe(8);
      expect(got.at(-1)!.status).toBe(200);
      expect(got.at(-1)!.simAt - times[0]!).toBeGreaterThanOrEqual(25 * HOUR);
      const attemptRows = await db
        .select()
        .from(webhookAttempts)
        .where(inArray(webhookAttempts.eventId, [id]));
      // While refused, the attempt is recorded with no status code and the connection error.
      expect(attemptRows.filter((r) => r.statusCode === null).every((r) => r.error)).toBe(true);
      expect(attemptRows.filter((r) => r.statusCode === 500)).toHaveLength(4);
      expect(attemptRows.filter((r) => r.statusCode === null)).toHaveLength(3);
      expect(attemptRows.filter((r) => r.statusCode === 200)).toHaveLength(1);
    }
    expect(new Set(flaky.receipts.map((r) => r.id))).toEqual(new Set(ids.k1));

    // Key 2: ten attempts, spaced by the schedule (±5% jitter), then exhausted.
    const dead2 = byId.get(ids.k2)!;
    expect(dead2).toMatchObject({ deliveryStatus: "exhausted", attempts: 10, nextAttemptAt: null });
    expect(dead.receipts).toHaveLength(10);
    expect(dead.receipts.every((r) => r.id === ids.k2 && JSON.parse(r.body).data.reference === "never-back")).toBe(true);
    const t = simAttemptTimes(ids.k2);
    for (let n = 1; n < t.length; n++) {
      const gap = t[n]! - t[n - 1]!;
      const base = RETRY_DELAYS_MS[n - 1]!;
      expect(gap, `gap before attempt ${n + 1}`).toBeGreaterThanOrEqual(base * 0.95 - 1_000);
      expect(gap, `gap before attempt ${n + 1}`).toBeLessThanOrEqual(base * 1.05 + 10_000);
    }

    // Two more simulated days: nothing else is sent to either receiver.
    const sent = flaky.receipts.length + dead.receipts.length;
    await advance(48 * HOUR);
    await pass();
    expect(flaky.receipts.length + dead.receipts.length).toBe(sent);
  }, 120_000);
});
