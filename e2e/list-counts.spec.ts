// Kept list counts across instances (issue 17): two `next start` instances of the production
// build on one database take a burst of writes (transfers, sandbox payments, sessions, and
// the scheduler's status changes), then one is SIGKILLed in the middle of another burst. The
// kept counts behind every list's `total` (migration 0012's triggers) must equal count(*)
// after each, and the API's totals must be exact. Instances and database: tests/instances.ts.
import { expect, test } from "@playwright/test";
import { api, makeMerchantKey, openAppDatabase, startInstance, type AppDatabase, type AppInstance } from "../tests/instances";
import { KEPT_COUNT_MISMATCHES } from "../tests/lists/kept-count-mismatches";

test.describe.configure({ mode: "serial" });

let db: AppDatabase;
let a: AppInstance;
let b: AppInstance;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  db = await openAppDatabase();
  [a, b] = await Promise.all([startInstance({ name: "counts-a", databaseUrl: db.url }), startInstance({ name: "counts-b", databaseUrl: db.url })]);
});

test.afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await db?.close();
});

const transferBody = (i: number) => ({ type: "bank_transfer", account_number: "0123456789", bank_code: "058", account_name: "ADA OBI", amount: 10_000 + i });

type Key = Awaited<ReturnType<typeof makeMerchantKey>>;

/** One write of the burst, by its index: a transfer, a sandbox payment or a session. */
function write(on: AppInstance, key: Key, i: number) {
  if (i % 3 === 0) return api(on.url, key.secretKey, "POST", "/v1/checkout/transfer", transferBody(i));
  if (i % 3 === 1) return api(on.url, key.secretKey, "POST", "/v1/sandbox/payments", { pay_id: key.walletPayId, amount: 50_000 });
  return api(on.url, key.secretKey, "POST", "/v1/checkout/session/initialize", { amount: 5_000, email: `buyer${i}@example.com` });
}

async function mismatches(): Promise<unknown[]> {
  return db.sql.unsafe(KEPT_COUNT_MISMATCHES);
}

test("rule: kept counts equal count(*) after concurrent writes through two instances (inserts and the scheduler's status changes)", async () => {
  test.setTimeout(180_000);
  const key = await makeMerchantKey();
  const funded = await api(a.url, key.secretKey, "POST", "/v1/sandbox/payments", { pay_id: key.walletPayId, amount: 50_000_000 });
  expect(funded.status, funded.text).toBeLessThan(300);
  const answers = await Promise.all(Array.from({ length: 90 }, (_, i) => write(i % 2 ? b : a, key, i)));
  for (const r of answers) expect(r.status, r.text).toBeLessThan(300);
  // Both instances run the scheduler at once: transfers settle, events are attempted.
  for (let r = 0; r < 3; r++) await Promise.all([a.cron(), b.cron(), a.cron(), b.cron()]);
  expect(await mismatches()).toEqual([]);
  // The API's totals are those counts, and exact.
  const [t] = await db.sql<{ n: number }[]>`select count(*)::int as n from transfers where merchant_id = ${key.merchantId}`;
  const list = await api<{ total: number }>(b.url, key.secretKey, "GET", "/v1/checkout/transfer?page_size=1");
  expect(list.body?.data?.total).toBe(t!.n);
  expect(t!.n).toBe(30);
});

test("rule: kept counts equal count(*) after an instance is SIGKILLed in the middle of a burst", async () => {
  test.setTimeout(180_000);
  const key = await makeMerchantKey();
  await api(a.url, key.secretKey, "POST", "/v1/sandbox/payments", { pay_id: key.walletPayId, amount: 50_000_000 });
  const burst = Promise.allSettled(Array.from({ length: 150 }, (_, i) => write(i % 2 ? b : a, key, i)));
  await new Promise((r) => setTimeout(r, 700));
  await b.kill("SIGKILL");
  const settled = await burst;
  const ok = settled.filter((s) => s.status === "fulfilled" && s.value.status < 300).length;
  expect(ok).toBeGreaterThan(0);
  // Connections the dead instance held are closed by the server: an open transaction rolls back,
  // but a statement it had already sent (waiting on a lock, or pipelined with its COMMIT) still
  // runs to its end and may commit. Once every request to the live instance is answered, any
  // backend still busy is the dead one's: the counts are read after the last of them is done.
  await expect
    .poll(
      async () => {
        const [busy] = await db.sql<{ n: number }[]>`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid() and state <> 'idle'`;
        return busy!.n;
      },
      { timeout: 30_000 },
    )
    .toBe(0);
  await expect.poll(async () => (await mismatches()).length, { timeout: 30_000 }).toBe(0);
  expect(await mismatches()).toEqual([]);
  const [t] = await db.sql<{ n: number }[]>`select count(*)::int as n from transfers where merchant_id = ${key.merchantId}`;
  const list = await api<{ total: number }>(a.url, key.secretKey, "GET", "/v1/checkout/transfer?page_size=1");
  expect(list.body?.data?.total).toBe(t!.n);
  await b.start();
});
