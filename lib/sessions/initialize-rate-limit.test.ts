import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { getDb, queryRows } from "@/db/client";
import { makeKey } from "@/tests/factories";
import { freshRateLimitWindow } from "@/tests/http";
import { initialize, uniqueRef } from "@/tests/sessions";

// Initialize's rate-limit count travels with the session's insert (route option
// countInHandler: one round trip, the insert gated on the count). These check that the count
// stays exact and shared, and that a refused request writes nothing.

const body = (overrides: Record<string, unknown> = {}) => ({ amount: 50_000, email: "ada@example.com", reference: uniqueRef(), ...overrides });

async function sessionsOf(keyPairId: string): Promise<{ sessions: number; events: number }> {
  const [row] = await queryRows<{ sessions: number; events: number }>(
    await getDb(),
    sql`select count(distinct s.id)::int as sessions, count(e.id)::int as events
        from checkout_sessions s left join session_events e on e.session_id = s.id where s.key_pair_id = ${keyPairId}`,
  );
  return row!;
}

describe("POST /v1/checkout/session/initialize: the rate-limit count travels with the insert", () => {
  it("12 at once against an initialize limit of 5: exactly 5 sessions are made, 7 answers are 429 and write nothing", async () => {
    const key = await makeKey({ config: { initializeLimit: 5, rateLimit: 100 } });
    await freshRateLimitWindow(15);
    const results = await Promise.all(Array.from({ length: 12 }, () => initialize(key.secretKey, body())));
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 429);
    expect(ok).toHaveLength(5);
    expect(refused).toHaveLength(7);
    for (const r of refused) {
      expect(r.body.error).toEqual({ code: "HTTP_ERROR", message: "Too Many Requests" });
      expect(r.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(r.headers.get("x-ratelimit-remaining")).toBe("0");
    }
    expect(ok.map((r) => Number(r.headers.get("x-ratelimit-remaining"))).sort()).toEqual([0, 1, 2, 3, 4]);
    expect(await sessionsOf(key.keyPair.id)).toEqual({ sessions: 5, events: 5 });
  });

  it("a refused body is counted too, and over the limit 429 comes before the body's 400", async () => {
    const key = await makeKey({ config: { initializeLimit: 2, rateLimit: 100 } });
    await freshRateLimitWindow();
    const bad = await initialize(key.secretKey, body({ email: "not an email" }));
    expect(bad.status).toBe(400);
    expect(bad.headers.get("x-ratelimit-remaining")).toBe("1");
    const good = await initialize(key.secretKey, body());
    expect(good.status, good.text).toBe(200);
    expect(good.headers.get("x-ratelimit-remaining")).toBe("0");
    expect((await initialize(key.secretKey, body())).status).toBe(429);
    expect((await initialize(key.secretKey, body({ email: "not an email" }))).status).toBe(429);
    expect(await sessionsOf(key.keyPair.id)).toEqual({ sessions: 1, events: 1 });
  });

  it("a replay of a reference (same amount) is counted and answers the same session", async () => {
    const key = await makeKey({ config: { initializeLimit: 3, rateLimit: 100 } });
    await freshRateLimitWindow();
    const reference = uniqueRef();
    const first = await initialize(key.secretKey, body({ reference }));
    const again = await initialize(key.secretKey, body({ reference }));
    expect(again.status).toBe(200);
    expect(again.body.data!.session_id).toBe(first.body.data!.session_id);
    expect(again.headers.get("x-ratelimit-remaining")).toBe("1");
    expect(await sessionsOf(key.keyPair.id)).toEqual({ sessions: 1, events: 1 });
  });

  it("the general per-key limit refuses initialize too, and the other routes see initialize's counts", async () => {
    const key = await makeKey({ config: { initializeLimit: 100, rateLimit: 2 } });
    await freshRateLimitWindow();
    expect((await initialize(key.secretKey, body())).status).toBe(200);
    expect((await initialize(key.secretKey, body())).status).toBe(200);
    const third = await initialize(key.secretKey, body());
    expect(third.status).toBe(429);
    expect(third.headers.get("x-ratelimit-limit")).toBe("2");
    expect(await sessionsOf(key.keyPair.id)).toEqual({ sessions: 2, events: 2 });
  });
});
