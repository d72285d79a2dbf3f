// Issue 14, client address: the production server (scripts/serve.ts, as npm start runs it)
// tells the app the TCP peer, so a client-written X-Forwarded-For changes nothing by default;
// behind proxies, TRUST_PROXY_HOPS=N takes the Nth entry from the right. Proved on two instances
// of the production build with a database of their own (the sign-in limit trips there, never
// on the shared e2e server).
import { expect, test } from "@playwright/test";
import { api, makeMerchantKey, openAppDatabase, startInstance, type AppDatabase, type AppInstance } from "../tests/instances";

test.describe.configure({ mode: "serial" });

let db: AppDatabase;
let plain: AppInstance;
let behindProxy: AppInstance;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  db = await openAppDatabase();
  [plain, behindProxy] = await Promise.all([
    startInstance({ name: "ip-plain", databaseUrl: db.url }),
    startInstance({ name: "ip-proxy", databaseUrl: db.url, env: { TRUST_PROXY_HOPS: "1" } }),
  ]);
});

test.afterAll(async () => {
  await Promise.all([plain?.stop(), behindProxy?.stop()]);
  await db?.close();
});

/** One credentials sign-in through Auth.js's own endpoints; the redirect it answers with. */
/** The sign-in email of a merchant's owner. */
async function ownerEmail(merchantId: string): Promise<string> {
  const rows = await db.sql<{ email: string }[]>`
    select u.email from users u join memberships m on m.user_id = u.id where m.merchant_id = ${merchantId}`;
  return rows[0]!.email;
}

async function signIn(base: string, email: string, password: string, headers: Record<string, string>) {
  const csrf = await fetch(`${base}/api/auth/csrf`, { headers });
  const cookie = csrf.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { ...headers, cookie, origin: base, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, email, password, callbackUrl: `${base}/dashboard` }),
  });
  const location = res.headers.get("location") ?? "";
  const session = res.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token="));
  return { status: res.status, location, session };
}

const peerForged = (i: number) => ({ "x-forwarded-for": `203.0.113.${i + 1}`, "x-owo-peer-address": `198.51.100.${i + 1}` });

test("a forged X-Forwarded-For (or peer header) does not dodge the per-IP sign-in limit: 20 failures from 20 'addresses' lock the peer", async () => {
  test.setTimeout(120_000);
  const victim = await makeMerchantKey();
  const email = await ownerEmail(victim.merchantId);
  // 20 failed attempts, each on a different unknown account (the per-account limit stays out of
  // it), each claiming another client address in both headers a client could write.
  for (let i = 0; i < 20; i++) {
    const r = await signIn(plain.url, `nobody-${i}-${Date.now()}@example.com`, "wrong password!", peerForged(i));
    expect(r.session).toBe(false);
  }
  // The counters name the TCP peer only.
  const buckets = await db.sql<{ bucket: string; count: number }[]>`
    select bucket, sum(count)::int as count from rate_limit_counters where bucket like 'signin:ip:%' group by bucket`;
  expect(buckets).toEqual([{ bucket: "signin:ip:127.0.0.1", count: 20 }]);
  // The 21st, with the right password and yet another forged address, is refused.
  const locked = await signIn(plain.url, email, "correct horse battery", peerForged(99));
  expect(locked.session).toBe(false);
  expect(locked.location).toContain("rate_limited");
});

test("request logs record the peer, not X-Forwarded-For; with TRUST_PROXY_HOPS=1 the rightmost entry", async () => {
  const key = await makeMerchantKey();
  const call = (base: string, xff: string) =>
    fetch(`${base}/v1/checkout/transfer/banks`, { headers: { "x-api-key": key.secretKey, "x-forwarded-for": xff, "x-owo-peer-address": "192.0.2.66" } });
  expect((await call(plain.url, "203.0.113.200")).status).toBe(200);
  expect((await call(behindProxy.url, "203.0.113.201, 198.51.100.77")).status).toBe(200);
  await expect
    .poll(async () =>
      (await db.sql<{ ip: string }[]>`select ip from api_request_logs where merchant_id = ${key.merchantId} order by created_at`).map((r) => r.ip).sort(),
    )
    .toEqual(["127.0.0.1", "198.51.100.77"]);
  // The key still works through the ordinary helper (sanity: both instances serve the key).
  expect((await api(behindProxy.url, key.secretKey, "GET", "/v1/checkout/transfer/banks")).status).toBe(200);
});

test("with TRUST_PROXY_HOPS=1 the sign-in audit row carries the rightmost X-Forwarded-For entry", async () => {
  const m = await makeMerchantKey();
  const email = await ownerEmail(m.merchantId);
  const r = await signIn(behindProxy.url, email, "correct horse battery", { "x-forwarded-for": "10.9.9.9, 203.0.113.44" });
  expect(r.session).toBe(true);
  const rows = await db.sql<{ ip: string }[]>`select ip from audit_log where merchant_id = ${m.merchantId} and action = 'user.signed_in'`;
  expect(rows.map((x) => x.ip)).toEqual(["203.0.113.44"]);
});
