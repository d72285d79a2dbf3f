import { readMigrationFiles } from "drizzle-orm/migrator";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { behindPooler, closeDb, getHandle, postgresOptions } from "@/db/client";
import { migrateDb, migrationsFolder } from "@/db/migrate";
import { RATE_LIMIT_PASS_SETTING } from "@/db/statements/rate-limit";
import { makeKey } from "@/tests/factories";
import { freshRateLimitWindow } from "@/tests/http";
import { initialize, uniqueRef } from "@/tests/sessions";
import { startBouncer, type Bouncer } from "./pgbouncer";
import { createTestDatabase } from "./test-database";

// Issue 28 item 7: the app through PgBouncer in transaction mode (DATABASE_URL ?pgbouncer=true),
// where two statements of one client may run on two server connections and a server connection
// serves many clients. Every call here goes through a bouncer of three server connections.

const POOL = 3;
let bouncer: Bouncer;
let directWorkerUrl: string;

beforeAll(async () => {
  bouncer = await startBouncer({ poolSize: POOL });
  directWorkerUrl = process.env.DATABASE_URL!;
  await closeDb();
  delete process.env.DATABASE_DIRECT_URL;
  process.env.DATABASE_URL = bouncer.urlFor(directWorkerUrl);
});

afterAll(async () => {
  await closeDb();
  process.env.DATABASE_URL = directWorkerUrl;
  await bouncer?.stop();
});

/**
 * The session setting `name` on every server connection of the bouncer's pool: POOL
 * transactions held open at once (each holds its own server connection until it commits), each
 * reading the setting and its backend, released together.
 */
async function settingOnEveryServerConnection(name: string): Promise<{ pid: number; value: string | null }[]> {
  const client = postgres(process.env.DATABASE_URL!.replace("?pgbouncer=true", ""), { max: POOL, prepare: false, onnotice: () => {} });
  try {
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let read = 0;
    const seen: { pid: number; value: string | null }[] = [];
    await Promise.all(
      Array.from({ length: POOL }, () =>
        client.begin(async (tx) => {
          const [row] = await tx<{ pid: number; value: string | null }[]>`select pg_backend_pid() as pid, current_setting(${name}, true) as value`;
          seen.push(row!);
          if (++read === POOL) release();
          await released;
        }),
      ),
    );
    return seen;
  } finally {
    await client.end({ timeout: 2 });
  }
}

describe("through PgBouncer in transaction mode (DATABASE_URL ?pgbouncer=true)", () => {
  it("the app knows it is behind a pooler", () => {
    expect(behindPooler()).toBe(true);
  });

  it("a pool smaller than the load never pipelines behind the bouncer: transactions and statements sent at once on one connection all answer", async () => {
    // postgres.js pipelines a query onto a busy connection when its pool is full; through a
    // transaction-mode PgBouncer a query pipelined beside a transaction could go unanswered for
    // good (porsager/postgres#970; CI saw a request hang). The app's own options (a pool of one
    // here) must send one query at a time, and sql.begin must still work that way (#1210).
    const client = postgres({ ...postgresOptions(process.env.DATABASE_URL!), max: 1 });
    const outcome = (p: Promise<unknown>) =>
      Promise.race([
        p.then(
          () => "answered",
          (e: Error) => `failed: ${e.message}`,
        ),
        new Promise<string>((r) => setTimeout(() => r("no answer in 10 s"), 10_000)),
      ]);
    try {
      const work = Array.from({ length: 6 }, (_, i) => [
        outcome(client`select ${i}::int as n`),
        outcome(
          client.begin(async (tx) => {
            await tx`select ${i}::int as n`;
            await tx`select pg_backend_pid() as pid`;
          }),
        ),
        outcome(client.unsafe(`select ${i} as n`)),
      ]).flat();
      expect(await Promise.all(work)).toEqual(Array(18).fill("answered"));
    } finally {
      await client.end({ timeout: 2 });
    }
  });

  it("initialize's rate limit stays exact: 12 at once against a limit of 5 make exactly 5 sessions, and no count leaves a session setting behind", async () => {
    const key = await makeKey({ config: { initializeLimit: 5, rateLimit: 100 } });
    await freshRateLimitWindow(15);
    const results = await Promise.all(
      Array.from({ length: 12 }, () => initialize(key.secretKey, { amount: 50_000, email: "ada@example.com", reference: uniqueRef() })),
    );
    for (const r of results) expect([200, 429], r.text).toContain(r.status);
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status === 429)).toHaveLength(7);
    expect(
      results
        .filter((r) => r.status === 200)
        .map((r) => Number(r.headers.get("x-ratelimit-remaining")))
        .sort(),
    ).toEqual([0, 1, 2, 3, 4]);
    const direct = postgres(directWorkerUrl, { max: 1, onnotice: () => {} });
    try {
      const [row] = await direct<{ n: number }[]>`select count(*)::int as n from checkout_sessions where key_pair_id = ${key.keyPair.id}`;
      expect(row!.n).toBe(5);
    } finally {
      await direct.end({ timeout: 2 });
    }
    // One more request within its limit, so the last count on some server connection passed:
    // the one-round-trip count (direct connections) would have left its mark (the request's
    // nonce) there, on a connection the bouncer lends to every client.
    const other = await makeKey({ config: { initializeLimit: 100, rateLimit: 100 } });
    expect((await initialize(other.secretKey, { amount: 50_000, email: "ada@example.com", reference: uniqueRef() })).status).toBe(200);
    const settings = await settingOnEveryServerConnection(RATE_LIMIT_PASS_SETTING);
    expect(new Set(settings.map((s) => s.pid)).size).toBe(POOL);
    expect(settings.map((s) => s.value ?? "")).toEqual(Array(POOL).fill(""));
  });

  it("many statements on few server connections: sixty requests at once with no 'prepared statement does not exist'", async () => {
    const key = await makeKey({ config: { initializeLimit: 1_000, rateLimit: 1_000 } });
    await freshRateLimitWindow();
    const results = await Promise.all(
      Array.from({ length: 60 }, () => initialize(key.secretKey, { amount: 50_000, email: "ada@example.com", reference: uniqueRef() })),
    );
    expect(results.filter((r) => r.status !== 200).map((r) => r.text)).toEqual([]);
  });

  it("LISTEN goes to DATABASE_DIRECT_URL and hears a NOTIFY sent through the bouncer; without it, listening is refused with the reason", async () => {
    await closeDb();
    process.env.DATABASE_DIRECT_URL = directWorkerUrl;
    try {
      const handle = await getHandle();
      let heard!: (payload: string) => void;
      const payload = new Promise<string>((r) => (heard = r));
      const listening = new Promise<void>((r) => void handle.listen("owo_pooler_test", heard, r));
      await listening;
      await handle.db.execute(sql`select pg_notify('owo_pooler_test', 'paid')`);
      expect(await payload).toBe("paid");
    } finally {
      await closeDb();
      delete process.env.DATABASE_DIRECT_URL;
    }
    await expect((await getHandle()).listen("owo_pooler_test", () => {})).rejects.toThrow(
      "LISTEN cannot work through a transaction-mode pooler (DATABASE_URL has pgbouncer=true): set DATABASE_DIRECT_URL",
    );
  });

  it("two instances migrating a fresh database at once through the bouncer apply each migration once (a transaction-scoped lock)", async () => {
    const fresh = await createTestDatabase("owo_scratch");
    const saved = process.env.DATABASE_URL;
    try {
      process.env.DATABASE_URL = bouncer.urlFor(fresh.url);
      await Promise.all([migrateDb(), migrateDb()]);
      await migrateDb(); // and a later start finds nothing to do
      const direct = postgres(fresh.url, { max: 1, onnotice: () => {} });
      try {
        const applied = await direct<{ hash: string; n: number }[]>`select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash`;
        const expected = readMigrationFiles({ migrationsFolder: migrationsFolder() }).length;
        expect(applied).toHaveLength(expected);
        expect(applied.every((m) => m.n === 1)).toBe(true);
        const [held] = await direct<
          { locks: number }[]
        >`select count(*)::int as locks from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())`;
        expect(held!.locks).toBe(0);
      } finally {
        await direct.end({ timeout: 2 });
      }
    } finally {
      process.env.DATABASE_URL = saved;
      await fresh.drop();
    }
  });
});
