import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as health } from "@/app/api/health/route";
import { GET as getEvent } from "@/app/v1/events/[id]/route";
import { GET as listEvents } from "@/app/v1/events/route";
import { GET as unknownRoute } from "@/app/v1/[...path]/route";
import { getDb, queryRows } from "@/db/client";
import { apiRequestLogs, type NewApiRequestLog } from "@/db/schema";
import { captureLogs } from "@/lib/log";
import { runJobs } from "@/lib/scheduler/run-jobs";
import { makeKey, makeMerchant } from "@/tests/factories";
import { call } from "@/tests/http";
import { checkHealth, committedMigrations, healthStatus, migrationState, schedulerState } from "./health";
import { listRequestLogs } from "./list-request-logs";
import { pruneRequestLogs } from "./prune-request-logs";
import { pathOf, routeOf } from "./request-log";
import { bufferedRequestLogs, flushRequestLogs } from "./request-log-buffer";

async function rowsOf(keyPairId: string) {
  await flushRequestLogs();
  const db = await getDb();
  return db.select().from(apiRequestLogs).where(eq(apiRequestLogs.keyPairId, keyPairId)).orderBy(apiRequestLogs.id);
}

describe("structured request logs (pino)", () => {
  it("every /v1 request logs one JSON line with correlation id, merchant, mode, key prefix, method, route, path, status and duration, and never the secret key", async () => {
    const key = await makeKey();
    const logs = captureLogs("info");
    let ok, missing;
    try {
      ok = await call(listEvents, { path: "/v1/events?page=1", key: key.secretKey });
      missing = await call(getEvent, { path: "/v1/events/evt_nope", key: key.secretKey, params: { id: "evt_nope" } });
    } finally {
      logs.stop();
    }
    expect(ok.status).toBe(200);
    expect(missing.status).toBe(404);
    const requests = logs.lines.filter((l) => l.msg === "request completed");
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({
      level: "info",
      correlation_id: ok.headers.get("x-correlation-id"),
      merchant_id: key.merchantId,
      mode: "test",
      key_pair_id: key.keyPair.id,
      key_prefix: key.secretKey.slice(0, 12),
      method: "GET",
      route: "/v1/events",
      path: "/v1/events",
      status: 200,
    });
    expect(typeof requests[0]!.duration_ms).toBe("number");
    expect(requests[1]).toMatchObject({ correlation_id: missing.body.correlationId, route: "/v1/events/[id]", path: "/v1/events/evt_nope", status: 404 });
    const all = logs.raw.join("");
    expect(all).not.toContain(key.secretKey);
    expect(all).not.toContain(key.secretKey.slice(12));
  });

  it("a request with an unknown key logs its line without merchant or key and leaves no request log row", async () => {
    const key = await makeKey();
    const forged = `${key.secretKey.slice(0, -1)}${key.secretKey.endsWith("A") ? "B" : "A"}`;
    const before = bufferedRequestLogs();
    const logs = captureLogs("info");
    let res;
    try {
      res = await call(listEvents, { path: "/v1/events", key: forged });
    } finally {
      logs.stop();
    }
    expect(res.status).toBe(401);
    const line = logs.lines.find((l) => l.msg === "request completed");
    expect(line).toMatchObject({ correlation_id: res.body.correlationId, merchant_id: null, key_pair_id: null, key_prefix: null, status: 401 });
    expect(logs.raw.join("")).not.toContain(forged);
    expect(bufferedRequestLogs()).toBe(before);
  });

  it("pathOf reads the path without the query or fragment; routeOf names the path params", () => {
    expect(pathOf("http://localhost:3000/v1/events?page=2")).toBe("/v1/events");
    expect(pathOf("https://a.example/v1/x#frag")).toBe("/v1/x");
    expect(pathOf("http://localhost")).toBe("/");
    expect(routeOf("/v1/checkout/transfer/tr_123/verify", { reference: "tr_123" })).toBe("/v1/checkout/transfer/[reference]/verify");
    expect(routeOf("/v1/events", null)).toBe("/v1/events");
  });
});

describe("API request logs (dashboard rows)", () => {
  it("a /v1 call writes one row after the response, success and failure alike: method, path, status, correlation id, caller; no body, no key", async () => {
    const key = await makeKey();
    const ok = await call(listEvents, { path: "/v1/events", key: key.secretKey, headers: { "user-agent": "owo-tests/1.0" } });
    const bad = await call(listEvents, { path: "/v1/events?page=0", key: key.secretKey });
    const lost = await call(unknownRoute, { path: "/v1/nowhere", method: "POST", key: key.secretKey, json: { secret: "do-not-store" } });
    expect([ok.status, bad.status, lost.status]).toEqual([200, 400, 404]);
    const rows = await rowsOf(key.keyPair.id);
    expect(rows.map((r) => [r.method, r.path, r.status, r.correlationId])).toEqual([
      ["GET", "/v1/events", 200, ok.headers.get("x-correlation-id")],
      ["GET", "/v1/events", 400, bad.body.correlationId],
      ["POST", "/v1/nowhere", 404, lost.body.correlationId],
    ]);
    expect(rows[0]).toMatchObject({ merchantId: key.merchantId, mode: "test", keyType: "secret", userAgent: "owo-tests/1.0" });
    expect(rows[0]!.ip).toMatch(/^10\./);
    expect(rows.every((r) => r.durationMs >= 0)).toBe(true);
    expect(JSON.stringify(rows)).not.toContain("do-not-store");
    expect(JSON.stringify(rows)).not.toContain(key.secretKey.slice(12));
  });

  it("the dashboard list shows only the signed-in merchant's rows in the current mode, filtered by key and status class, paged", async () => {
    const { merchant } = await makeMerchant();
    const a = await makeKey({ merchantId: merchant.id, mode: "test" });
    const b = await makeKey({ merchantId: merchant.id, mode: "test" });
    const live = await makeKey({ merchantId: merchant.id, mode: "live" });
    const stranger = await makeKey();
    await call(listEvents, { path: "/v1/events", key: a.secretKey });
    await call(listEvents, { path: "/v1/events?page=0", key: a.secretKey });
    await call(listEvents, { path: "/v1/events", key: b.secretKey });
    await call(listEvents, { path: "/v1/events", key: live.secretKey });
    await call(listEvents, { path: "/v1/events", key: stranger.secretKey });
    await flushRequestLogs();
    const db = await getDb();

    const test = await listRequestLogs(db, { merchantId: merchant.id, mode: "test" });
    expect(test.total).toBe(3);
    expect(new Set(test.items.map((r) => r.keyPairId))).toEqual(new Set([a.keyPair.id, b.keyPair.id]));
    expect((await listRequestLogs(db, { merchantId: merchant.id, mode: "live" })).items.map((r) => r.keyPairId)).toEqual([live.keyPair.id]);
    expect((await listRequestLogs(db, { merchantId: merchant.id, mode: "test", keyPairId: a.keyPair.id })).total).toBe(2);
    expect((await listRequestLogs(db, { merchantId: merchant.id, mode: "test", statusClass: "4xx" })).items.map((r) => r.status)).toEqual([400]);
    expect((await listRequestLogs(db, { merchantId: merchant.id, mode: "test", statusClass: "5xx" })).total).toBe(0);
    // Another merchant's key id as a filter finds nothing of theirs.
    expect((await listRequestLogs(db, { merchantId: merchant.id, mode: "test", keyPairId: stranger.keyPair.id })).total).toBe(0);
    const page2 = await listRequestLogs(db, { merchantId: merchant.id, mode: "test", page: 2, pageSize: 2 });
    expect(page2).toMatchObject({ total: 3, page: 2, total_pages: 2 });
    expect(page2.items).toHaveLength(1);
  });

  it("prune_api_request_logs keeps each key pair's newest N rows and deletes the rest, idempotently", async () => {
    const one = await makeKey();
    const two = await makeKey();
    const db = await getDb();
    const at = (k: typeof one, i: number): NewApiRequestLog => ({
      merchantId: k.merchantId,
      mode: "test",
      keyPairId: k.keyPair.id,
      keyType: "secret",
      method: "GET",
      path: `/v1/events/${i}`,
      status: 200,
      correlationId: `corr-${i}-${k.keyPair.id}`,
      durationMs: 1,
      // Within the last second: the prune only looks at key pairs written to since a minute
      // before its previous run, and other test files run the scheduler meanwhile.
      createdAt: new Date(Date.now() - (100 - i) * 10),
    });
    await db.insert(apiRequestLogs).values([...Array.from({ length: 15 }, (_, i) => at(one, i)), ...Array.from({ length: 4 }, (_, i) => at(two, i))]);
    expect(await pruneRequestLogs(db, 10)).toBeGreaterThanOrEqual(5);
    const left = await rowsOf(one.keyPair.id);
    expect(left.map((r) => r.path)).toEqual(Array.from({ length: 10 }, (_, i) => `/v1/events/${i + 5}`));
    expect(await rowsOf(two.keyPair.id)).toHaveLength(4);
    await pruneRequestLogs(db, 10);
    expect(await rowsOf(one.keyPair.id)).toHaveLength(10);
  });
});

describe("/api/health", () => {
  it("answers 200 with the database reachable, migrations current (applied = latest) and the scheduler's last pass after one ran", async () => {
    const db = await getDb();
    await runJobs(db);
    const res = await health();
    expect(res.status).toBe(200);
    const body = (await res.json()) as Awaited<ReturnType<typeof checkHealth>>;
    const latest = committedMigrations().at(-1)!.tag;
    expect(body).toMatchObject({ ok: true, database: { reachable: true }, migrations: { current: true, applied: latest, latest } });
    expect(typeof body.database.latency_ms).toBe("number");
    expect(body.scheduler.last_run_at).not.toBeNull();
    expect(body.scheduler.lag_seconds).toBeGreaterThanOrEqual(0);
    const recorded = await queryRows<{ job: string }>(db, sql`select job from scheduler_runs where job in ('deliver_webhooks', 'prune_api_request_logs')`);
    expect(recorded).toHaveLength(2);
  });

  it("the database down: reachable false and 503", async () => {
    const h = await checkHealth(() => Promise.reject(new Error("connection refused")));
    expect(h).toMatchObject({ ok: false, database: { reachable: false, latency_ms: null } });
    expect(healthStatus(h)).toBe(503);
  });

  it("migrations behind: not current and 503; a fresh database has none applied", () => {
    const entries = [
      { idx: 0, when: 100, tag: "0000_a" },
      { idx: 1, when: 200, tag: "0001_b" },
    ];
    expect(migrationState(entries, 200)).toEqual({ current: true, applied: "0001_b", latest: "0001_b" });
    const behind = migrationState(entries, 100);
    expect(behind).toEqual({ current: false, applied: "0000_a", latest: "0001_b" });
    expect(healthStatus({ database: { reachable: true, latency_ms: 1 }, migrations: behind })).toBe(503);
    expect(migrationState(entries, null)).toEqual({ current: false, applied: null, latest: "0001_b" });
  });

  it("scheduler lag is the seconds since the last pass finished, null when none ran", () => {
    const now = new Date("2026-01-01T00:01:00Z");
    expect(schedulerState(true, new Date("2026-01-01T00:00:30Z"), now)).toEqual({ enabled: true, last_run_at: "2026-01-01T00:00:30.000Z", lag_seconds: 30 });
    expect(schedulerState(false, null, now)).toEqual({ enabled: false, last_run_at: null, lag_seconds: null });
  });
});
